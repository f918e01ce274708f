import { describe, expect, it } from 'vitest';
import { findSellerId } from './seller-ids';

describe('findSellerId', () => {
  it('reads the registration number from a labelled header line, digits only', () => {
    expect(findSellerId('GARDENIA BAKERIES (KL) SDN BHD\nLot 3, Jalan Pelabur 23/1\nGST ID: 000381399040\nTOTAL 12.00')).toBe(
      '000381399040',
    );
    expect(findSellerId('SHOP\nGST Reg No. :001 637 511 166\n')).toBe('001637511166');
    expect(findSellerId('SHOP\nVAT GB-123456789')).toBe('123456789');
  });

  it('ignores short numbers, unlabelled lines and lines below the header', () => {
    expect(findSellerId('SHOP\nCompany Reg. No. : 725186-V\nDate: 17/01/2018')).toBeNull();
    expect(findSellerId('SHOP\n000381399040\nTOTAL 5.00')).toBeNull();
    expect(findSellerId(`SHOP\n${'ITEM 1.00\n'.repeat(30)}GST ID: 000381399040`)).toBeNull();
  });
});
