import { describe, expect, it } from 'vitest';
import { findStore } from './store';
import { splitReceiptLines } from './text-lines';

const readStore = (text: string) => findStore(splitReceiptLines(text)).store.value;

describe('findStore', () => {
  it('joins a legal name broken over three lines', () => {
    const text = 'AE sonia |\nAIK HUAT HARDWARE\nENTERPRISE (SETIA\n© ALAM) SDN EHD\n| 820737)\nNO. 17-6, JALAN SETIA INDAH';
    expect(readStore(text)).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
  });

  it('repairs misread legal suffixes', () => {
    expect(readStore('FOUR QUARTERS SUN BHD\nNO. 1, JALAN 2')).toBe('FOUR QUARTERS SDN BHD');
    expect(readStore('SUBANG HEALTHCARE SIN BHD\nNO. 1, JALAN 2')).toBe('SUBANG HEALTHCARE SDN BHD');
    expect(readStore('SINNATHAMBY HOLDINGS SDN. GHD. (£\nNO. 1, JALAN 2')).toBe('SINNATHAMBY HOLDINGS SDN. BHD.');
    expect(readStore('MOONLIGHT CAKE HOUSE SDN DHD B0Z7Zo-U\nNO. 1, JALAN 2')).toBe('MOONLIGHT CAKE HOUSE SDN BHD');
    expect(readStore('SPEED MART S/R (S19537-%3\nLOT 2811')).toBe('SPEED MART S/B');
  });

  it('reads digits inside dotted initials as letters', () => {
    expect(readStore('MR. D.1.Y. (M) SDN BHD\n(CO.REG :860671-D)')).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('drops an "own by" prefix', () => {
    expect(readStore('OWN BY: CHEF LEE SDN BHD\nNO. 1, JALAN 2')).toBe('CHEF LEE SDN BHD');
  });

  it('does not take a misread TAX INVOICE for the name', () => {
    expect(readStore('BHPetrol Subang Airport\nTAX INVQICE')).toBe('BHPetrol Subang Airport');
  });
});
