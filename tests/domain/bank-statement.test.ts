import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '@/lib/server/imports/csv';
import { headerKey, knownColumns, mappingProblem, parseColumnMapping } from '@/lib/domain/bank-statement-columns';
import { lineKeys, readStatement, type StatementRow } from '@/lib/domain/bank-statement';
import { paiseText, parseBankAmount, parseBankDate } from '@/lib/domain/bank-statement-values';

// Small statements built by hand in each bank's export layout (tests/fixtures/bank/); every
// balance was added up by hand, so a line dropped or changed breaks the running balance.
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'bank');

async function* chunk(text: string) {
  yield text;
}
async function rowsOf(text: string): Promise<StatementRow[]> {
  const rows: StatementRow[] = [];
  for await (const batch of csvRecords(chunk(text))) rows.push(...batch);
  return rows;
}
const fixture = (name: string) => rowsOf(readFileSync(path.join(FIXTURES, name), 'utf8'));

function read(rows: StatementRow[]) {
  const result = readStatement(rows);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
}

describe('statement cells', () => {
  it.each([
    ['02/11/26', '2026-11-02'],
    ['02/11/2026', '2026-11-02'],
    ['02-11-2026', '2026-11-02'],
    ['2.11.2026', '2026-11-02'],
    ['2 Nov 2026', '2026-11-02'],
    ['02-Nov-26', '2026-11-02'],
    ['02-NOV-2026', '2026-11-02'],
    ['2026-11-02', '2026-11-02'],
    ['02/11/2026 10:15:21 AM', '2026-11-02'],
  ])('the date %s is %s', (text, iso) => expect(parseBankDate(text)).toBe(iso));

  it.each([['31/02/2026'], ['13/13/2026'], ['Opening Balance'], ['']])('%s is no date', (text) =>
    expect(parseBankDate(text)).toBeNull(),
  );

  it.each([
    ['1,18,000.00', 11_800_000, null],
    ['1,234,567.5', 123_456_750, null],
    ['\t7,560.00', 756_000, null],
    ['₹ 2,36,000', 23_600_000, null],
    ['INR 590.00', 59_000, null],
    ['5,000.00(Cr)', 500_000, 'CR'],
    ['14,719.00 DR', 1_471_900, 'DR'],
    ['-,77,65,682.30', -776_568_230, null],
    ['0.00', 0, null],
  ])('the amount %s is %i paise (mark %s)', (text, paise, mark) =>
    expect(parseBankAmount(text)).toEqual({ ok: true, paise, mark }),
  );

  it('an empty cell or a dash is no amount; text, 3 decimals or bad grouping are refused', () => {
    expect(parseBankAmount(' - ')).toEqual({ ok: true, paise: null, mark: null });
    expect(parseBankAmount('')).toEqual({ ok: true, paise: null, mark: null });
    for (const bad of ['12.345', '1,00,00', 'abc', '12,3456.00']) expect(parseBankAmount(bad).ok).toBe(false);
  });

  it('paise back to an exact decimal', () => {
    expect(paiseText(11_800_050)).toBe('118000.50');
    expect(paiseText(-1_770)).toBe('-17.70');
  });
});

describe('the header under the preamble', () => {
  it('names without their units and punctuation', () => {
    expect(headerKey('Withdrawal Amount (INR )')).toBe('withdrawalamount');
    expect(headerKey('Chq./Ref.No.')).toBe('chqrefno');
  });

  it('a row of account details is no header', () => {
    expect(knownColumns(['Account No :50200012345678', '', ''])).toBeNull();
  });

  it('a mapping without money columns is refused with what it lacks', () => {
    expect(mappingProblem({ date: 'Posted', narration: 'Details' })).toMatch(/withdrawal and deposit/);
    expect(mappingProblem({ date: 'Posted', narration: 'Details', amount: 'Value' })).toBeNull();
  });
});

describe('each bank export', () => {
  it('HDFC: dd/mm/yy, Withdrawal Amt./Deposit Amt., a separator row and a summary under the table', async () => {
    const s = read(await fixture('hdfc.csv'));
    expect(s.bank).toBe('HDFC');
    expect(s.accountNumber).toBe('50200012345678');
    expect(s.openingBalance).toBe(50_000_000);
    expect(s.closingBalance).toBe(64_241_000);
    expect(s.lines.map((l) => [l.line, l.date, l.valueDate, l.debit, l.credit])).toEqual([
      [8, '2026-11-02', '2026-11-02', 0, 11_800_000],
      [9, '2026-11-03', '2026-11-03', 0, 2_500_000],
      [10, '2026-11-03', '2026-11-04', 0, 23_600_000],
      [11, '2026-11-04', '2026-11-04', 59_000, 0],
      [12, '2026-11-05', '2026-11-05', 23_600_000, 0],
    ]);
    expect(s.lines[2]!.reference).toBe('0000000000004512');
    expect(s.lines[3]!.reference).toBeNull();
  });

  it('ICICI: an empty first column, Transaction Remarks, amounts with (INR ), a legend under the table', async () => {
    const s = read(await fixture('icici.csv'));
    expect(s.bank).toBe('ICICI');
    expect(s.accountNumber).toBe('001205012345');
    expect(s.openingBalance).toBe(25_000_050);
    expect(s.lines).toHaveLength(5);
    expect(s.lines[3]).toMatchObject({ date: '2026-11-04', reference: '004871', credit: 5_900_000 });
    expect(s.lines[0]!.reference).toBeNull(); // "-"
    expect(s.closingBalance).toBe(42_350_050);
  });

  it('SBI: "2 Nov 2026", Ref No./Cheque No., Debit/Credit, the footnote ends the table', async () => {
    const s = read(await fixture('sbi.csv'));
    expect(s.bank).toBe('SBI');
    expect(s.accountNumber).toBe('00000031234567890');
    expect(s.openingBalance).toBe(30_000_000);
    expect(s.lines.map((l) => l.credit - l.debit)).toEqual([7_500_000, 1_234_567, 2_000_000, -4_000_000]);
    expect(s.closingBalance).toBe(36_734_567);
  });

  it('Axis: one amount column with Debit/Credit, its own OPENING BALANCE row, a tab before an amount', async () => {
    const s = read(await fixture('axis.csv'));
    expect(s.bank).toBe('AXIS');
    expect(s.accountNumber).toBe('922030048910705');
    expect(s.openingBalance).toBe(15_000_000);
    expect(s.lines.map((l) => [l.date, l.debit, l.credit])).toEqual([
      ['2026-11-02', 0, 756_000],
      ['2026-11-03', 0, 200_000],
      ['2026-11-04', 0, 5_000_000],
      ['2026-11-05', 956_000, 0],
    ]);
  });

  it('Kotak: dd-mm-yyyy, Amount with Dr / Cr', async () => {
    const s = read(await fixture('kotak.csv'));
    expect(s.bank).toBe('KOTAK');
    expect(s.accountNumber).toBe('0312345678');
    expect(s.openingBalance).toBe(10_000_000);
    expect(s.lines.map((l) => [l.debit, l.credit, l.balance])).toEqual([
      [0, 10_000_000, 20_000_000],
      [0, 500_000, 20_500_000],
      [1_770, 0, 20_498_230],
    ]);
  });
});

describe('the running balance', () => {
  it('a line dropped breaks it at the next line, named with the figures', async () => {
    const rows = (await fixture('hdfc.csv')).filter((r) => r.line !== 9);
    const result = readStatement(rows);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ line: 10, column: 'balance' });
    expect(result.problems[0]!.reason).toContain('₹6,18,000.00 (line 8) + deposit ₹2,36,000.00 is ₹8,54,000.00');
  });

  it('an amount changed breaks it on its own line', async () => {
    const rows = (await fixture('kotak.csv')).map((r) =>
      r.line === 7 ? { ...r, fields: r.fields.map((f) => (f === '17.70' ? '17.00' : f)) } : r,
    );
    const result = readStatement(rows);
    expect(result.ok ? [] : result.problems.map((p) => p.line)).toEqual([7]);
  });

  it("breaks against the statement's own opening balance too", async () => {
    const rows = (await fixture('axis.csv')).map((r) =>
      r.line === 5 ? { ...r, fields: r.fields.map((f) => (f === '1,50,000.00' ? '1,40,000.00' : f)) } : r,
    );
    const result = readStatement(rows);
    expect(result.ok ? [] : result.problems.map((p) => [p.line, p.column])).toEqual([[6, 'balance']]);
  });

  it('a statement exported newest first is read in the order of the days', async () => {
    const rows = await fixture('kotak.csv');
    const reversed = [...rows.slice(0, 4), ...rows.slice(4).reverse()];
    const s = read(reversed);
    expect(s.lines.map((l) => l.date)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    expect(s.closingBalance).toBe(20_498_230);
  });
});

describe('refusals', () => {
  it('no header: the user is told to save a column mapping', async () => {
    const result = readStatement(await rowsOf('When,What,How much\n01/11/2026,x,5\n'));
    expect(result.ok ? '' : result.problems[0]!.reason).toMatch(/column mapping/);
  });

  it('a bad date and a bad amount are refused with their lines and columns', async () => {
    const result = readStatement(
      await rowsOf(
        'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n32/11/26,A,,5.00,5.00\n01/11/26,B,,five,10.00\n',
      ),
    );
    expect(result.ok ? [] : result.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 'date'],
      [3, 'deposit'],
    ]);
  });

  it('a line with both a withdrawal and a deposit is refused', async () => {
    const result = readStatement(
      await rowsOf('Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/11/26,A,1.00,5.00,4.00\n'),
    );
    expect(result.ok ? '' : result.problems[0]!.reason).toMatch(/not both/);
  });
});

describe('any other file through a column mapping', () => {
  it('reads the mapped columns under any preamble; a wrapped narration joins its line', async () => {
    const rows = await rowsOf(
      [
        'Cooperative Bank of Pune',
        'A/c 123456789',
        'Posted,Details,Ref,Money In,Money Out,Running',
        '01.11.2026,NEFT CR-SBIN0001234-SHREE GANESH,SBINN52026110112345678,"1,000.00",,"11,000.00"',
        ',TRADERS-VARDHMAN,,,,',
        '02.11.2026,CHARGES,,,10.00,"10,990.00"',
      ].join('\n'),
    );
    const result = readStatement(rows, {
      date: 'Posted',
      narration: 'Details',
      reference: 'Ref',
      deposit: 'Money In',
      withdrawal: 'Money Out',
      balance: 'Running',
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.bank).toBe('MAPPED');
    expect(result.accountNumber).toBe('123456789');
    expect(result.openingBalance).toBe(1_000_000);
    expect(result.lines[0]!.narration).toBe('NEFT CR-SBIN0001234-SHREE GANESH TRADERS-VARDHMAN');
    expect(result.lines[1]).toMatchObject({ debit: 1_000, balance: 1_099_000 });
  });
});

describe('the keys that tell a line already imported', () => {
  it('date, signed amount and reference (padding dropped, else the narration UTR/RRN/cheque), and the occurrence', async () => {
    const s = read(await fixture('hdfc.csv'));
    expect(lineKeys(s.lines)).toEqual([
      '2026-11-02|11800000|SBINN52026110212345678|1',
      '2026-11-03|2500000|430712345678|1',
      '2026-11-03|23600000|4512|1',
      '2026-11-04|-59000|BANKCHARGESGST|1',
      '2026-11-05|-23600000|4512|1',
    ]);
  });

  it('two equal cash deposits on a day are two lines; the same statement twice gives the same keys', async () => {
    const rows = await rowsOf(
      'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/11/26,CASH DEP,,"10,000.00","10,000.00"\n01/11/26,CASH DEP,,"10,000.00","20,000.00"\n',
    );
    const keys = lineKeys(read(rows).lines);
    expect(keys).toEqual(['2026-11-01|1000000|CASHDEP|1', '2026-11-01|1000000|CASHDEP|2']);
    expect(lineKeys(read(rows).lines)).toEqual(keys);
  });
});

describe('a column mapping as a user writes it', () => {
  it('field=column pairs, separated by commas', () => {
    expect(
      parseColumnMapping('date=Posted, narration=Details,deposit=Money In, withdrawal=Money Out ,balance=Running'),
    ).toEqual({
      ok: true,
      mapping: {
        date: 'Posted',
        narration: 'Details',
        deposit: 'Money In',
        withdrawal: 'Money Out',
        balance: 'Running',
      },
    });
  });
  it('an unknown field, a field without its column, or no money columns are refused with the reason', () => {
    expect(parseColumnMapping('date=Posted,memo=Details')).toEqual({
      ok: false,
      reason:
        '"memo" is not a field (date, valueDate, narration, reference, withdrawal, deposit, amount, drCr, balance)',
    });
    expect(parseColumnMapping('date=,narration=Details,amount=Amt')).toEqual({
      ok: false,
      reason: 'date names no column',
    });
    expect(parseColumnMapping('date=Posted,narration=Details')).toMatchObject({
      ok: false,
      reason: /withdrawal and deposit/,
    });
  });
});
