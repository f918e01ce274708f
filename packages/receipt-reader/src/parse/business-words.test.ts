import { describe, expect, it } from 'vitest';
import { repairBusinessWords } from './business-words';

describe('repairBusinessWords', () => {
  it('repairs one misread letter in a generic business word', () => {
    expect(repairBusinessWords('UNIHAKKA INTERNATICGNAL SDN BHD')).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
    expect(repairBusinessWords('AIK HUAT HARDWARE ENTERFRISE')).toBe('AIK HUAT HARDWARE ENTERPRISE');
  });

  it('repairs two misread letters in a word of eight or more, but adds or drops none', () => {
    expect(repairBusinessWords('SKCA HARONARE & TIMBER')).toBe('SKCA HARDWARE & TIMBER');
    expect(repairBusinessWords('OLIVE9 PHARHACT SDN BHD')).toBe('OLIVE9 PHARMACY SDN BHD');
    expect(repairBusinessWords('GENERAL ELECTRIC')).toBe('GENERAL ELECTRIC');
  });

  it('leaves proper names, real words and plurals alone', () => {
    expect(repairBusinessWords('UNIHAKKA BECON STATIONER')).toBe('UNIHAKKA BECON STATIONER');
    expect(repairBusinessWords('KITCHENS & HOLDING')).toBe('KITCHENS & HOLDING');
  });
});
