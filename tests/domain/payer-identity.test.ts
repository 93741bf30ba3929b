import { describe, expect, it } from 'vitest';
import { readNarration } from '@/lib/domain/bank-narration';
import { learnedPayer, nameKey, payerKeys, sharedPayers, type PayerKey } from '@/lib/domain/payer-identity';

describe('a name as banks cut it', () => {
  it.each([
    ['M/S. Shree Ganesh Traders Pvt Ltd', 'SHREEGANESHT'],
    ['SHREE GANESH TRADE', 'SHREEGANESHT'], // HDFC's UPI field
    ['SHREE GANESH TRADERS', 'SHREEGANESHT'],
    ['Kaveri Agro & Foods Ltd', 'KAVERIAGROFO'],
    ['KAVERI AGRO FOODS LIMITED', 'KAVERIAGROFO'],
  ])('%s is known as %s', (name, key) => expect(nameKey(name)).toBe(key));

  it('a name cut short keeps what it has (SBI: "SHREE GA"); two letters are no key', () => {
    expect(nameKey('SHREE GA')).toBe('SHREEGA');
    expect(nameKey('M/S A B')).toBeNull();
  });
});

describe('the keys of a payer', () => {
  it('UPI address, account with its bank, name: strongest first', () => {
    expect(payerKeys(readNarration('UPI-SHREE GANESH TRADE-sgt@okhdfcbank-HDFC0000123-432112345678-PAYMENT'))).toEqual([
      { kind: 'VPA', value: 'sgt@okhdfcbank' },
      { kind: 'NAME', value: 'SHREEGANESHT' },
    ]);
    expect(payerKeys(readNarration('IMPS-431012345678-SHREE GANESH-HDFC-XXXXXXXX1234-INV 0588'))).toEqual([
      { kind: 'ACCOUNT', value: ':1234' },
      { kind: 'NAME', value: 'SHREEGANESH' },
    ]);
    expect(
      payerKeys(readNarration('NEFT-HDFCN52026110498765432-SHREE GANESH TRADERS-INV 0412-050200012345678-HDFC0000001')),
    ).toEqual([
      { kind: 'ACCOUNT', value: 'HDFC:50200012345678' },
      { kind: 'NAME', value: 'SHREEGANESHT' },
    ]);
  });
});

describe('the customer learned identities point to', () => {
  const learned = new Map<string, string[]>([
    ['VPA sgt@okhdfcbank', ['SHREE-PUN']],
    ['NAME SHREEGANESHT', ['SHREE-PUN', 'SHREE-NSK']], // both branches pay under the group's name
    ['ACCOUNT HDFC:50200012345678', ['SHREE-NSK']],
  ]);
  const lookUp = (key: PayerKey) => learned.get(`${key.kind} ${key.value}`) ?? [];

  it('the strongest key that names one customer', () => {
    expect(
      learnedPayer(
        [
          { kind: 'VPA', value: 'sgt@okhdfcbank' },
          { kind: 'NAME', value: 'SHREEGANESHT' },
        ],
        lookUp,
      ),
    ).toEqual({ sysObligorCode: 'SHREE-PUN', by: 'VPA' });
  });

  it('a name two customers share tells nothing; an account does', () => {
    expect(learnedPayer([{ kind: 'NAME', value: 'SHREEGANESHT' }], lookUp)).toBeNull();
    expect(
      learnedPayer(
        [
          { kind: 'ACCOUNT', value: 'HDFC:50200012345678' },
          { kind: 'NAME', value: 'SHREEGANESHT' },
        ],
        lookUp,
      ),
    ).toEqual({ sysObligorCode: 'SHREE-NSK', by: 'ACCOUNT' });
  });
});

describe('a key several customers share', () => {
  it('names each of a few of them, and none when one customer is known or too many share it', () => {
    const learned = (k: { kind: string; value: string }) =>
      k.value === 'SIDDHIVINAYA' ? ['C050', 'C076'] : k.value === 'OMSHIVDISTRI' ? ['A', 'B', 'C', 'D'] : [];
    expect(sharedPayers([{ kind: 'NAME', value: 'SIDDHIVINAYA' }], learned)).toEqual([
      { sysObligorCode: 'C050', by: 'NAME' },
      { sysObligorCode: 'C076', by: 'NAME' },
    ]);
    expect(sharedPayers([{ kind: 'NAME', value: 'OMSHIVDISTRI' }], learned)).toEqual([]);
  });
});
