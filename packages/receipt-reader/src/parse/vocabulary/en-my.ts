import type { LocaleModule } from './types';

/**
 * Malaysia: day-first dates, ringgit (RM), GST (2015-2018) and SST, Malay words beside English ones (JUMLAH for total,
 * BAKI for change, JALAN and TAMAN in addresses), and company names ending in SDN BHD (Sendirian Berhad) or BERHAD.
 */

/** The legal forms of a Malaysian company: Sendirian Berhad (private) and Berhad (public). */
export const SDN_BHD_FORMS = [String.raw`SDN\.?\s?BHD`, 'BHD', 'BERHAD', String.raw`S\/B`];

/**
 * Those forms as the page read gives them, before any repair (`S0N BHD`): a header line with one and a proper name
 * names the store (missed-header-lines.ts).
 */
export const SDN_BHD_AS_READ = /\b(S[DO0]N\.?\s?BHD|BHD|S\/B|BERHAD)\b/i;

/** Legal words tesseract reads reliably and the second recogniser garbles (`SDN` -> `SIIN`): a merge keeps them. */
export const RELIABLY_READ_LEGAL_WORDS: ReadonlySet<string> = new Set(['SDN', 'BHD', 'S/B']);

/** A company registration number: up to three letters, digits, a dash and a check character ("(001610235-P)", "JM0326965-V"). */
export const COMPANY_NUMBER = String.raw`\(?\s?\b[A-Z]{0,3}\d{4,}\s?-\s?[A-Z0-9]\b\s?\)?`;

/** Repairs the OCR slips seen most on Malaysian legal suffixes (SDN BND, SON BHD, 5DN BHD, SDN EHD, SUN BHD, S/R). */
export function repairSdnBhd(line: string): string {
  return (
    line
      // "SDN.BHD" stays as printed; without a dot the two words need the space.
      .replace(
        /\b[S5][DO0IUBT][NHIL](\.?)(\s*)[B8EGD3][HN][DO0](\.?)(?![A-Z])/gi,
        (_m, dot1: string, space: string, dot2: string) => `SDN${dot1}${dot1 && !space ? '' : ' '}BHD${dot2}`,
      )
      .replace(/\b[S5][DO0]\s(BHD)(\.?)(?![A-Z])/gi, 'SDN $1$2')
      // Before BHD, a short S-token that is no word (it holds a digit or mark) is SDN: "RAPID RAIL SL.7: BHD".
      .replace(/(?<=[A-Za-z)]\s)([S5]\S{1,4})\s(BHD)(\.?)(?![A-Z])/gi, (match: string, token: string, bhd: string, dot: string) =>
        /^[S5][A-Za-z]{1,3}\.?$/.test(token) ? match : `SDN ${bhd}${dot}`,
      )
      // SDN (or STN) is always followed by BHD, so a short B-word after it is BHD misread (SDN BITD, SDN BLD, Sdn Bha).
      .replace(
        /\bS[DT]N(\.?)(\s*)[B8][A-Za-z]{1,3}(\.?)(?![A-Za-z])/gi,
        (_m, dot1: string, space: string, dot2: string) => `SDN${dot1}${dot1 && !space ? '' : ' '}BHD${dot2}`,
      )
      .replace(/\b[S5]\/[B8R0D](?![A-Z0-9])/gi, 'S/B')
      // "CO." before "(M)" read with a zero, or its C as a pound sign: "AEON £0. (M) BHD".
      .replace(/(?:\bC|£)[0O]\.(?=\s?\()/g, 'CO.')
      // SDN is always followed by BHD; a cut-off line leaves one or two specks ("SDN i.").
      .replace(/\bSDN(\.?)\s+[A-Za-z.]{1,2}$/, 'SDN$1 BHD')
      // "(M)" (Malaysia) before the legal suffix, read as (I), (H), (KM), (WM), or with a stray stroke (M1).
      .replace(/\((?:[A-Z]M|M[1Il|]|[IiHNW1|l])\)(?=\s?(SDN|BHD|BERHAD)\b)/g, '(M)')
      // Its closing bracket lost: "COSWAY (M SDN BHD".
      .replace(/\(M\s(?=(SDN|BHD|BERHAD)\b)/g, '(M) ')
      // "SDNB H." (the space slipped one letter and the D was lost) is "SDN BHD".
      .replace(/\bSDNB\s?H[DO0]?\.?$/, 'SDN BHD')
      .replace(/\s+\(/g, ' (')
  );
}

/** Malaysia's goods and services tax (2015-2018) and its sales and service tax. */
const TAX_WORDS = ['GST', 'SST'];

/** Malay for "total": a total label that also names the final amount. */
const JUMLAH = 'JUMLAH';

export const EN_MY: LocaleModule = {
  locale: 'en-MY',
  dateOrder: 'DMY',
  ocrLanguages: ['eng'],
  currency: { code: 'MYR', symbol: 'RM' },
  currencyMarks: ['RM', 'MYR'],
  totalLabels: [JUMLAH],
  finalTotalLabels: [JUMLAH],
  inclusiveTotalMarks: ['RM'],
  dateLabels: ['TARIKH'],
  taxWords: TAX_WORDS,
  notItemWords: TAX_WORDS,
  // The tax line with its GST misread and a rate: "6ST @6%", "CS7 6%".
  notItemMarks: [String.raw`^\W*[GB6C][S5$][T7I1]\s?@?\s?\d{1,2}\s?%`],
  changeWords: ['BAKI'],
  paymentWords: [String.raw`TOUCH\s?N\s?GO`, 'GRABPAY', 'BOOST'],
  legalForms: [...SDN_BHD_FORMS, 'PLT'],
  legalFormMarks: [String.raw`SB(?=\s?[({]|\s*$)`, String.raw`\(M\)`],
  legalFormsAsTyped: [String.raw`SDN\.?\s*BHD\.?`, String.raw`SDN\.?`, String.raw`BHD\.?`, String.raw`S\/B`, String.raw`\(M\)`],
  registrationNumbers: [COMPANY_NUMBER],
  addressWords: [
    'JALAN',
    'JLN',
    'TAMAN',
    'TMN',
    'LOT',
    'LORONG',
    'PERSIARAN',
    'KAMPUNG',
    'KG',
    'BANDAR',
    'SEKSYEN',
    'SELANGOR',
    'JOHOR',
    'KUALA LUMPUR',
    'PUCHONG',
    'PETALING',
    'SHAH ALAM',
    'KLANG',
  ],
  // States, federal territories and the two largest cities; other towns are left out, as shops carry them in their
  // names ("DOMINO'S PIZZA PUCHONG").
  placeNames: [
    'SELANGOR',
    'DARUL',
    'EHSAN',
    'KUALA LUMPUR',
    'JOHOR BAHRU',
    'MALAYSIA',
    'WILAYAH',
    'PERSEKUTUAN',
    'PULAU PINANG',
    'NEGERI SEMBILAN',
    'PERAK',
    'KEDAH',
    'PAHANG',
    'MELAKA',
    'SABAH',
    'SARAWAK',
  ],
  // Malay: restaurant, shop, business, company, pharmacy.
  tradeWords: ['RESTORAN', 'KEDAI', 'PERNIAGAAN', 'SYARIKAT', 'FARMASI'],
  notNameWords: ['GST', 'JALAN', 'JLN', 'TAMAN', 'TQ'],
  nameRepairs: [repairSdnBhd],
};
