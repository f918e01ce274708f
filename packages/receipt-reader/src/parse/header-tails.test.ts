import { describe, expect, it } from 'vitest';
import { dropHeaderTail } from './header-tails';
import { findStore } from './store';
import { splitReceiptLines } from './text-lines';

const readStore = (text: string) => findStore(splitReceiptLines(text)).store.value;
const ADDRESS = '\nNO 37, JALAN MANIS 7, TAMAN SEGAR\n56100 CHERAS, KUALA LUMPUR\nDATE: 12/03/2018';

describe('dropHeaderTail', () => {
  it('ends the name where a company, tax or phone number run into its line begins', () => {
    expect(dropHeaderTail('YONGFATT ENTERPRISE CO. NO: 123456-X')).toBe('YONGFATT ENTERPRISE');
    expect(dropHeaderTail('ABC HO TRADING (CO. REG. NO. 123456-X)')).toBe('ABC HO TRADING');
    expect(dropHeaderTail('INDAH GIFT & HOME DECO GST ID: 001234567890')).toBe('INDAH GIFT & HOME DECO');
    expect(dropHeaderTail('KEDAI RUNCIT MAJU ROC 123456-X')).toBe('KEDAI RUNCIT MAJU');
    expect(dropHeaderTail('SYARIKAT MAJU TEL: 03-1234 5678')).toBe('SYARIKAT MAJU');
  });

  it('ends the name at a document title, a date, an email or a web address, and drops a title before it', () => {
    expect(dropHeaderTail('YONGFATT ENTERPRISE TAX INVOICE')).toBe('YONGFATT ENTERPRISE');
    expect(dropHeaderTail('TAX INVOICE C W KHOO HARDWARE SDN BHD')).toBe('C W KHOO HARDWARE SDN BHD');
    expect(dropHeaderTail('ABC HO TRADING 12/03/2018 10:42')).toBe('ABC HO TRADING');
    expect(dropHeaderTail('ABC HO TRADING abc.trading@gmail.com')).toBe('ABC HO TRADING');
    expect(dropHeaderTail('ABC HO TRADING WWW.ABC.COM.MY')).toBe('ABC HO TRADING');
  });

  it('keeps CO. of a legal name, a label line of its own and an address that only looks like a date', () => {
    expect(dropHeaderTail('AEON CO. (M) BHD')).toBe('AEON CO. (M) BHD');
    expect(dropHeaderTail('Company Reg. No. : 001066194X')).toBe('Company Reg. No. : 001066194X');
    expect(dropHeaderTail('GST REG NO: 001234567890')).toBe('GST REG NO: 001234567890');
    expect(dropHeaderTail('NO 2, JALAN SS 2/72-74, PETALING JAYA')).toBe('NO 2, JALAN SS 2/72-74, PETALING JAYA');
    expect(dropHeaderTail('HOTEL SRI MAJU')).toBe('HOTEL SRI MAJU');
  });
});

describe('findStore with header pieces run into the name line', () => {
  it('reads the name, not the address or an email below it', () => {
    expect(readStore(`INDAH GIFT & HOME DECO GST ID: 001234567890${ADDRESS}\nindahgift@gmail.com`)).toBe('INDAH GIFT & HOME DECO');
    expect(readStore(`YONGFATT ENTERPRISE CO. NO: 123456-X${ADDRESS}`)).toBe('YONGFATT ENTERPRISE');
    expect(readStore(`YONGFATT ENTERPRISE TAX INVOICE${ADDRESS}`)).toBe('YONGFATT ENTERPRISE');
  });

  it('reads no store rather than an email or web address when the name itself is unreadable', () => {
    expect(readStore(`|||\nsoonhuat2000@hotmail.com${ADDRESS}`)).toBeNull();
    expect(readStore(`|||\nwww.premiostationery.com.my${ADDRESS}`)).toBeNull();
  });
});
