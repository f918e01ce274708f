import { describe, expect, it } from 'vitest';
import { findStore } from './store';
import { splitReceiptLines } from './text-lines';

const readStore = (text: string) => findStore(splitReceiptLines(text)).store.value;

describe('findStore', () => {
  it('joins a legal name broken over three lines', () => {
    const text = 'AE sonia |\nAIK HUAT HARDWARE\nENTERPRISE (SETIA\n© ALAM) SDN EHD\n| 820737)\nNO. 17-6, JALAN SETIA INDAH';
    expect(readStore(text)).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
  });

  it('drops the paper edge read as a lone I before a capitalised name, but keeps the word I', () => {
    expect(readStore('I Kedai Uhat Dan Runcit CHONG HWA\n3, Jalan Perdana 5, Taman Indah')).toBe('Kedai Uhat Dan Runcit CHONG HWA');
    expect(readStore('I LOVE YOO\nNO. 5, JALAN SS2')).toBe('I LOVE YOO');
  });

  it('joins a legal suffix read above the line it ends, and reads SDL before BHD as SDN', () => {
    expect(readStore('BHD\nLIGHTROOM GALLERY SDL\nNo: 28, JALAN AU 4\nKLANG')).toBe('LIGHTROOM GALLERY SDN BHD');
    // Below a name of its own the suffix still joins the line above.
    expect(readStore('KEDAI MAJU JAYA\nSDN BHD\nNo: 28, JALAN AU 4')).toBe('KEDAI MAJU JAYA SDN BHD');
  });

  it('drops a short number standing far left of a header line, not one printed as part of the name', () => {
    expect(readStore(' 71            TRI SHAAS SDN BHD (728515-M)\n MYDIN MART SRI MUDA\n4-20, Jalan Ria 25/62')).toBe('TRI SHAAS SDN BHD');
    expect(readStore('99 SPEED MART S/B\nLOT P.T. 2811, JALAN ANGSA')).toBe('99 SPEED MART S/B');
  });

  it('reads no store rather than an item or total line when the name is unreadable', () => {
    expect(
      readStore('|||\nGST ID: 000381399040\n28/08/2017 12:26\nWHITE BREAD 2.13 3 0 0 3 6.39\nCHOC ROLL 14.40\nTOTAL 20.79'),
    ).toBeNull();
  });

  it('repairs misread legal suffixes', () => {
    expect(readStore('FOUR QUARTERS SUN BHD\nNO. 1, JALAN 2')).toBe('FOUR QUARTERS SDN BHD');
    expect(readStore('SUBANG HEALTHCARE SIN BHD\nNO. 1, JALAN 2')).toBe('SUBANG HEALTHCARE SDN BHD');
    expect(readStore('SINNATHAMBY HOLDINGS SDN. GHD. (£\nNO. 1, JALAN 2')).toBe('SINNATHAMBY HOLDINGS SDN. BHD.');
    expect(readStore('MOONLIGHT CAKE HOUSE SDN DHD B0Z7Zo-U\nNO. 1, JALAN 2')).toBe('MOONLIGHT CAKE HOUSE SDN BHD');
    expect(readStore('SPEED MART S/R (S19537-%3\nLOT 2811')).toBe('SPEED MART S/B');
  });

  it('keeps a bracket written against the name as printed', () => {
    expect(readStore('MR.A.B.C(M)SDN BHD\nCo-REG:860671-D')).toBe('MR.A.B.C(M)SDN BHD');
  });

  it('drops one or two stray letters after the legal suffix', () => {
    expect(readStore('KEDAI BESI JAYA SDN. BHD. Lp\nNO. 1, JALAN 2')).toBe('KEDAI BESI JAYA SDN. BHD.');
    expect(readStore('RUMAH BUKU (M) SDN BHD TN\nNO. 1, JALAN 2')).toBe('RUMAH BUKU (M) SDN BHD');
  });

  it('keeps a branch number after the name but not a speck after a mark', () => {
    expect(readStore('SHELL Kota Damai 2\nLOT 1, JALAN 2')).toBe('SHELL Kota Damai 2');
    expect(readStore('KEDAI BUKU MAJU. 9\nLOT 1, JALAN 2')).toBe('KEDAI BUKU MAJU.');
  });

  it('takes the name above a bracketed qualifier line, not the qualifier', () => {
    expect(readStore('PINKBERRY MID VALLEY\n(PINKBERRY SHOP (12345))\nUNIT L1-04, MEGAMALL')).toBe('PINKBERRY MID VALLEY');
  });

  it('does not join the line above to a name made of a title and dotted initials', () => {
    expect(readStore('CT IPE\nMR. A.B.C. (KEPONG) SDN BHD\nCo-REG: 750441-X')).toBe('MR. A.B.C. (KEPONG) SDN BHD');
  });

  it('reads a lowercase q without u as g, and keeps SDN.BHD written without a space', () => {
    expect(readStore('Meqa Cash & Carry Sdn.Bhd\nLOT 1, JALAN 2')).toBe('Mega Cash & Carry SDN.BHD');
    expect(readStore('Aquila Trading Sdn. Bhd.\nLOT 1, JALAN 2')).toBe('Aquila Trading SDN. BHD.');
  });

  it('reads digits inside dotted initials as letters', () => {
    expect(readStore('MR. D.1.Y. (M) SDN BHD\n(CO.REG :860671-D)')).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('reads an I with a 1 echoed beside it inside dotted initials as one I', () => {
    expect(readStore('MR. D.I1.Y. (KUCHAI) SDN BHD\nLOT 1851-A')).toBe('MR. D.I.Y. (KUCHAI) SDN BHD');
    expect(readStore('MR. D.1I.Y. (M) SDN BHD\nLOT 1851-A')).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('reads (M) with a stray stroke before the legal suffix', () => {
    expect(readStore('Anzel Advertising (M1) Sdn Bhd\nLOT 1, JALAN 2')).toBe('Anzel Advertising (M) SDN BHD');
  });

  it('reads a zero after a hyphen in a word of capitals as O', () => {
    expect(readStore('HAI-0 RAYA BHD {169199-V;\nKEPONG OUTLET')).toBe('HAI-O RAYA BHD');
  });

  it('drops a hash number before the name, not a number that starts it', () => {
    expect(readStore('#000002 BAIFU (M) Sdn Bhd\nCOMPANY NO(814198-X)')).toBe('BAIFU (M) SDN BHD');
    expect(readStore('99 SPEED MART S/B (519537-X)\nLOT P.T. 2811')).toBe('99 SPEED MART S/B');
  });

  it('reads STN before a B-word as SDN, however wide the gap', () => {
    expect(readStore('AIK HUAT HARDWARE\nENTERPRISE (SETIA\nALAM) STN  BHi\n22 37-X')).toBe(
      'AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD',
    );
  });

  it('drops an "own by" prefix', () => {
    expect(readStore('OWN BY: CHEF LEE SDN BHD\nNO. 1, JALAN 2')).toBe('CHEF LEE SDN BHD');
  });

  it('does not take a misread TAX INVOICE for the name', () => {
    expect(readStore('BHPetrol Subang Airport\nTAX INVQICE')).toBe('BHPetrol Subang Airport');
  });

  it('keeps CASH & CARRY in a store name while CASH alone is a payment line', () => {
    expect(readStore(')\nSLF CASH & CARRY\nNO.15,JLN TS12, THN SUBANG JASA,\nUFF JUN BT 3 SUBANG,\n40000 SHAH ALAM, SEL.')).toBe(
      'SLF CASH & CARRY',
    );
  });

  it('skips a thank-you line and reads an SB suffix without its former name', () => {
    const text = 'TQ FOR SHOPPING WITH myNEWS\nOASIS VILLAGE\nLOUNGE 2, GROUND FLOOR\nMYNEWS RETAIL SB{306255-X) FKA BISON STORES SB';
    expect(readStore(text)).toBe('MYNEWS RETAIL SB');
  });

  it('drops specks after the legal suffix', () => {
    expect(readStore('SUPER SEVEN CASH & CARRY SBN 3HD vs " af\n{59015G-4)')).toBe('SUPER SEVEN CASH & CARRY SDN BHD');
  });

  it('reads digits and a section sign inside words as letters', () => {
    expect(readStore('URBAN 1DEA SDN BHD\nNO. 1, JALAN 2')).toBe('URBAN IDEA SDN BHD');
    expect(readStore('SANYU STATIONERY §HOP\nNO. 31G, JALAN SETIA')).toBe('SANYU STATIONERY SHOP');
    expect(readStore('99 SPEED MART S/B\nLOT 2811')).toBe('99 SPEED MART S/B');
  });

  it('completes a cut-off SDN BHD and a misread (M)', () => {
    expect(readStore('ONE ONE THREE SEAFOOD RESTAURANT SDN i.\nNO. 1, JALAN 2')).toBe('ONE ONE THREE SEAFOOD RESTAURANT SDN BHD');
    expect(readStore('AEON CO. (i) BHD\nLOT 1, JALAN 2')).toBe('AEON CO. (M) BHD');
  });

  it('skips runs of one letter read from a logo, and drops the dot after S/B', () => {
    expect(readStore("LLL en\nAol LS 1\nTAX INVOICE\nDOMINO'S PIZZA\nGST REF NO : 001694261248")).toBe("DOMINO'S PIZZA");
    expect(readStore('MAKASSAR FRESH MARKET S/B.\nJALAN SS 15/4B')).toBe('MAKASSAR FRESH MARKET S/B');
  });

  it('reads a short B-word after SDN as BHD, so the header beats a customer name further down', () => {
    const text =
      'ORKID BAKERIES (KL) SDN BITD (123456 X\nLot 3, Jalan Maju 2\n40300 Shah Alam, Selangor.\nTel: 03-5542 3228\nGST ID: 000381399040\nTAX INVOICE\nCash Inv No.: 7020F710\nBUNGA FRESH MARKET SDN BHD';
    expect(readStore(text)).toBe('ORKID BAKERIES (KL) SDN BHD');
    expect(readStore('Kiara Alaf Restaurants Sdn Bha\n(12345-H)')).toBe('Kiara Alaf Restaurants SDN BHD');
    expect(readStore('TIGA BINTANG SDN BLD\nNO. 1, JALAN 2')).toBe('TIGA BINTANG SDN BHD');
  });

  it('does not join the line above to a legal name whose own name is initials joined by &', () => {
    expect(readStore('BUBBLE TEA\nK&L VENTURE SON BHD (1191015-W)\nLOT-18A-2, JALAN BUKIT')).toBe('K&L VENTURE SDN BHD');
    expect(readStore('SRI MAJU\nRESTAURANT SDN BHD\nNO. 1, JALAN 2')).toBe('SRI MAJU RESTAURANT SDN BHD');
  });

  it('takes the name above a line of trade words alone', () => {
    expect(readStore('FOUR FRIENDS\nBISTRO & CAFE\n109, SS21/1A,\nGST ID : 001661886464')).toBe('FOUR FRIENDS');
    expect(readStore('TAX INVOICE\nBISTRO & CAFE\n109, SS21/1A,')).toBe('BISTRO & CAFE');
  });

  it('reads a brace or bracket that ends a lowercase word and closes nothing as l', () => {
    expect(readStore('TAX INVOICE\nPetro} Kota Maju\nJalan Lapangan 2')).toBe('Petrol Kota Maju');
    expect(readStore('KEDAI {SF} SDN. BHD.\nNO. 1, JALAN 2')).toBe('KEDAI {SF} SDN. BHD.');
  });

  it('reads a short S-token holding a digit or mark before BHD as SDN, and leaves SDN. BHD as printed', () => {
    expect(readStore('TAX INVOICE\nMETRO RAIL SL.7: BHD\nNO. 1, JALAN 2')).toBe('METRO RAIL SDN BHD');
    expect(readStore('KIARA HOLDINGS SDN. BHD.\nNO. 1, JALAN 2')).toBe('KIARA HOLDINGS SDN. BHD.');
  });

  it('takes TOTAL between the words of an upper-case header as part of a name, not as a total line', () => {
    expect(
      readStore(
        'STATION TOTAL KENITRA\nAUTOROUTE RABAT MEKNES\n15000 KHEMISSET\nTel. : 05.22.95.66.66\nLe 30/03/2018 a 12:36\nCAISSIER 1\nCAFE CREME 12.00 2 24.00',
      ),
    ).toBe('STATION TOTAL KENITRA');
    expect(readStore('SUB TOTAL RM\nKEDAI MAJU\nNO. 1, JALAN 2')).toBe('KEDAI MAJU');
  });

  it('drops a closing bracket that closes nothing and stands apart, but not one that ends a broken line', () => {
    expect(readStore('POPULAR BOOK\nCO. (M)) SDN BHD\n(Co. No. 113825-W)')).toBe('POPULAR BOOK CO. (M) SDN BHD');
    expect(readStore('S.H.H MOTOR SUNGAI RENGIT ) SDN. BHD.\n( 801580-T )')).toBe('S.H.H MOTOR SUNGAI RENGIT SDN. BHD.');
    expect(readStore('AIK HUAT HARDWARE\nENTERPRISE (SETIA\nALAM) SDN BHD\n822737-X')).toBe(
      'AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD',
    );
  });

  it('closes a hyphen read with a space before it and drops a dot read after a whole word inside the name', () => {
    expect(readStore('SAVE -MORE GROCERY\n1234 MAIN ST')).toBe('SAVE-MORE GROCERY');
    expect(readStore('GREEN. VALLEY FOODS\n1234 MAIN ST')).toBe('GREEN VALLEY FOODS');
    expect(readStore('POPULAR BOOK CO. (M) SDN BHD\n(Co. No. 113825-W)')).toBe('POPULAR BOOK CO. (M) SDN BHD');
    expect(readStore('MR. D.I.Y. (M) SDN BHD\n(CO.REG :860671-D)')).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('repairs MART and SUPER with a look-alike letter, but not a name that is the word alone', () => {
    expect(readStore('99 SPEED HART 5/B (519537-X)\nLOT P.T. 2811')).toBe('99 SPEED MART S/B');
    expect(readStore('SUFER.SEVEN CASH & CARRY SDN BHD\n{59015G-4)')).toBe('SUPER.SEVEN CASH & CARRY SDN BHD');
    expect(readStore('HART ENTERPRISE\nNO. 1, JALAN 2')).toBe('HART ENTERPRISE');
  });

  it('repairs the last letter of KEDAI (shop) read as L', () => {
    expect(readStore('KEDAL RUNCIT MAJU\nNO. 17, JALAN 2')).toBe('KEDAI RUNCIT MAJU');
    expect(readStore('KEDAI RUNCIT MAJU\nNO. 17, JALAN 2')).toBe('KEDAI RUNCIT MAJU');
  });

  it('reads CO. with its C as a pound sign, and restores the closing bracket of (M)', () => {
    expect(readStore('Hi ) wo oy\nMAJU £0. (M) BHD (126926-H)\n3RD FLR, TAMAN MALURI SC')).toBe('MAJU CO. (M) BHD');
    expect(readStore('COSWAY (M SDN BHDE 0118-4)\n2nd Floor, Wisma Cosway')).toBe('COSWAY (M) SDN BHD');
  });

  it('reads SDNB H. at the end of a name as SDN BHD', () => {
    expect(readStore('TIGA BINTANG SEAFOOD RESTAURANT SDNB H.\n(1120908-M)\nNO.1, TAMAN SRI DENGKIL')).toBe(
      'TIGA BINTANG SEAFOOD RESTAURANT SDN BHD',
    );
  });

  it('restores the ampersand of CASH & CARRY', () => {
    expect(readStore('0 H <\nSEVEN STAR CASHY CARRY\n(1365663-P)\n6.23 & 6.22, Plaza Seri')).toBe('SEVEN STAR CASH & CARRY');
    expect(readStore('Mega Cash  Carry Sdn. Bhd.\nLOT 1, JALAN 2')).toBe('Mega Cash & Carry SDN. BHD.');
  });

  it('joins a name line starting with & to the line above', () => {
    const text = 'Holn& 2\nTHE TEA HOUSE\n& CAKE BAR (M) SDN. BHD.\nCompany No. :441970-H\nLot F36, First Floor,';
    expect(readStore(text)).toBe('THE TEA HOUSE & CAKE BAR (M) SDN. BHD.');
  });

  it('joins a mixed-case word split by a gap, but not a lowercase word after a name', () => {
    expect(readStore('Kopi Ba ru Bangsar\n12, Jalan Telawi 3')).toBe('Kopi Baru Bangsar');
    expect(readStore('SOLARIS Tek ong Hardware\n12, Jalan Telawi 3')).toBe('SOLARIS Tekong Hardware');
    expect(readStore('Kopi and Toast Bangsar\n12, Jalan Telawi 3')).toBe('Kopi and Toast Bangsar');
    expect(readStore('Kedai Runcit Ahmad bin Ali\n12, Jalan Telawi 3')).toBe('Kedai Runcit Ahmad bin Ali');
  });

  it('joins a word split in two when the receipt prints it whole elsewhere, not from a mail or web address', () => {
    const split = 'TAN BROTHERS HARDWARE\nENTERPRISE (USJ SU BANG) SDN BHD\nNO. 1, JALAN SUBANG';
    expect(readStore(split)).toBe('TAN BROTHERS HARDWARE ENTERPRISE (USJ SUBANG) SDN BHD');
    expect(readStore('TONYMOLY VIVA CITY\nLOT 1, VIVACITY MEGAMALL')).toBe('TONYMOLY VIVA CITY');
    const mail = 'SOON HUAT MACHINERY ENTERPRISE\nNO. 1, JALAN 2\nEMAIL: SOONHUAT2000@HOTMAIL.COM\nfacebook.com/soonhuat';
    expect(readStore(mail)).toBe('SOON HUAT MACHINERY ENTERPRISE');
  });
});
