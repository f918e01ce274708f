import { describe, expect, it } from 'vitest';
import { repairBusinessWords } from './business-words';

describe('repairBusinessWords', () => {
  it('repairs one misread letter in a generic business word', () => {
    expect(repairBusinessWords('UNIHAKKA INTERNATICGNAL SDN BHD')).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
    expect(repairBusinessWords('AIK HUAT HARDWARE ENTERFRISE')).toBe('AIK HUAT HARDWARE ENTERPRISE');
  });

  it('leaves proper names, real words and plurals alone', () => {
    expect(repairBusinessWords('UNIHAKKA BECON STATIONER')).toBe('UNIHAKKA BECON STATIONER');
    expect(repairBusinessWords('KITCHENS & HOLDING')).toBe('KITCHENS & HOLDING');
  });
});
