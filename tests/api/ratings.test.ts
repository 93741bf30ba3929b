import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as ratingsRoute } from '@/app/api/v3/clients/ratings/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { ratingShift, SHIFT_RANK, type RatingShift } from '@/lib/domain/rating-shift';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs, TEST_TODAY } from '../helpers/seeded';

interface Row {
  sysObligorCode: string;
  name: string;
  parentSysObligorCode: string | null;
  rating: number;
  ratingLabel: string;
  ratingDate: string;
  previousRating: number | null;
  previousRatingDate: string | null;
  shift: RatingShift;
  balance: number;
}
interface History {
  code: string;
  ratings: { date: string; rating: number }[];
}

let database: TestDatabase;
let clientId: number;
let kaveriId: number;
let admin: string;
let guest: { cookie: string; userId: number };

const rows = <S extends z.ZodType>(query: SQL, shape: S) => queryRows(database.db, query, shape);
const ratings = (cookie: string, query: Record<string, string | number | undefined> = {}) =>
  callRoute(ratingsRoute, '/api/v3/clients/ratings', { cookie, query: { date: TEST_TODAY, ...query } });
const total = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Every rating of the client's obligors on or before a date, newest first, straight from obligor_ratings. */
async function histories(asOf: string): Promise<History[]> {
  const raw = await rows(
    sql`
    select sys_obligor_code as code, rating_date::text as date, rating from obligor_ratings
    where client_id = ${clientId} and rating_date <= ${asOf}::date order by sys_obligor_code, rating_date desc`,
    row({ code: col.text, date: col.text, rating: col.num }),
  );
  const byCode = new Map<string, History>();
  for (const r of raw) {
    const history = byCode.get(r.code) ?? { code: r.code, ratings: [] };
    history.ratings.push({ date: r.date, rating: Number(r.rating) });
    byCode.set(r.code, history);
  }
  return [...byCode.values()];
}

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  kaveriId = await clientIdOf(database, 'KAVERI');
  admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const { cookie, session } = await signInAs(database, 'guest@vardhman.test');
  guest = { cookie, userId: session.userId };
});
afterAll(() => database?.dispose());

describe('GET /v3/clients/ratings', () => {
  it('lists every obligor rated on or before the date, total in x-totalrecords, by rating ascending', async () => {
    const res = await ratings(admin, { count: 500 });
    expect(res.status).toBe(200);
    expect(total(res)).toBe((await histories(TEST_TODAY)).length);
    const list = res.json as Row[];
    expect(list.map((r) => r.rating)).toEqual(list.map((r) => r.rating).sort((a, b) => a - b));
    expect(new Set(list.map((r) => r.ratingLabel))).toEqual(new Set(['low', 'medium', 'high']));
    for (const row of list) expect(row.ratingLabel).toBe(['low', 'medium', 'high'][row.rating - 1]);
  });

  it('takes the latest and the previous rating from obligor_ratings, and the shift between them (checked by hand)', async () => {
    const all = await histories(TEST_TODAY);
    const pick = (test: (h: History) => boolean) => all.find(test)!;
    const downgrade = pick((h) => h.ratings.length > 1 && h.ratings[0]!.rating > h.ratings[1]!.rating);
    const upgrade = pick((h) => h.ratings.length > 1 && h.ratings[0]!.rating < h.ratings[1]!.rating);
    const unchanged = pick((h) => h.ratings.length > 1 && h.ratings[0]!.rating === h.ratings[1]!.rating);
    const cases: [History, RatingShift][] = [
      [downgrade, 'DOWNGRADE'],
      [upgrade, 'UPGRADE'],
      [unchanged, 'UNCHANGED'],
    ];
    const first = all.find((h) => h.ratings.length === 1);
    if (first) cases.push([first, 'NEW']);
    for (const [history, shift] of cases) {
      const res = await ratings(admin, { sysObligorCode: history.code });
      expect(res.json, history.code).toHaveLength(1);
      const [latest, previous] = history.ratings;
      expect(res.json[0]).toMatchObject({
        sysObligorCode: history.code,
        rating: latest!.rating,
        ratingDate: latest!.date,
        previousRating: previous?.rating ?? null,
        previousRatingDate: previous?.date ?? null,
        shift,
      });
    }
  });

  it('computes every shift as the domain rule does', async () => {
    const res = await ratings(admin, { count: 500 });
    for (const found of res.json as Row[])
      expect(found.shift, found.sysObligorCode).toBe(ratingShift(found.previousRating, found.rating));
  });

  it('honours the date: the day before a rating change gives the old rating', async () => {
    const changed = (await histories(TEST_TODAY)).find(
      (h) => h.ratings.length > 2 && h.ratings[0]!.rating !== h.ratings[1]!.rating,
    )!;
    const [latest, previous, older] = changed.ratings;
    const res = await ratings(admin, { sysObligorCode: changed.code, date: dayBefore(latest!.date) });
    expect(res.json[0]).toMatchObject({
      rating: previous!.rating,
      ratingDate: previous!.date,
      previousRating: older!.rating,
      previousRatingDate: older!.date,
    });
    const onTheDay = await ratings(admin, { sysObligorCode: changed.code, date: latest!.date });
    expect(onTheDay.json[0]).toMatchObject({ rating: latest!.rating, ratingDate: latest!.date });
  });

  it('leaves out obligors not yet rated on the date: on the first review day every rating is NEW', async () => {
    const [first] = await rows(
      sql`select min(rating_date)::text as date from obligor_ratings where client_id = ${clientId}`,
      row({ date: col.text }),
    );
    const res = await ratings(admin, { date: first!.date, count: 500 });
    expect(total(res)).toBe((await histories(first!.date)).length);
    expect((res.json as Row[]).every((r) => r.shift === 'NEW' && r.previousRating === null)).toBe(true);
    expect(total(await ratings(admin, { date: dayBefore(first!.date) }))).toBe(0);
  });

  it.each(['UPGRADE', 'DOWNGRADE', 'UNCHANGED'] as const)('filters by shift %s', async (shift) => {
    const expected = (await histories(TEST_TODAY)).filter(
      (h) => ratingShift(h.ratings[1]?.rating, h.ratings[0]!.rating) === shift,
    );
    const res = await ratings(admin, { shift, count: 500 });
    expect(total(res)).toBe(expected.length);
    expect(total(res)).toBeGreaterThan(0);
    expect((res.json as Row[]).map((r) => r.sysObligorCode).sort()).toEqual(expected.map((h) => h.code).sort());
  });

  it('takes the balance from the ageing rollup of the date, 0 for an obligor with nothing outstanding', async () => {
    const res = await ratings(admin, { count: 500 });
    const outstanding = new Map(
      (
        await rows(
          sql`
      select sys_obligor_code as code, outstanding::float8 as outstanding from obligor_ageing
      where client_id = ${clientId} and as_of_date = ${TEST_TODAY}::date`,
          row({ code: col.text, outstanding: col.num }),
        )
      ).map((r) => [r.code, r.outstanding]),
    );
    for (const found of res.json as Row[])
      expect(found.balance, found.sysObligorCode).toBeCloseTo(outstanding.get(found.sysObligorCode) ?? 0, 2);
    expect((res.json as Row[]).some((r) => r.balance > 0)).toBe(true);
  });

  it('computes the balance from the ledger on a date without a rollup', async () => {
    const asOf = dayBefore(TEST_TODAY);
    const [snapshot] = await rows(
      sql`select count(*)::int as n from ageing_snapshots where client_id = ${clientId} and as_of_date = ${asOf}::date`,
      row({ n: col.num }),
    );
    expect(snapshot!.n).toBe(0);
    const res = await ratings(admin, { date: asOf, sortBy: 'balance', orderBy: 'DESC', count: 3 });
    for (const found of res.json as Row[]) {
      const [ledger] = await rows(
        sql`
        select (coalesce(sum(i.amount), 0) - coalesce((select sum(p.amount) from settlements p join invoices j
          on j.client_id = p.client_id and j.sys_invoice_num = p.sys_invoice_num
          where p.client_id = ${clientId} and j.sys_obligor_code = ${found.sysObligorCode} and j.issue_date <= ${asOf}::date
            and p.paid_date <= ${asOf}::date), 0))::float8 as balance
        from invoices i where i.client_id = ${clientId} and i.sys_obligor_code = ${found.sysObligorCode} and i.issue_date <= ${asOf}::date`,
        row({ balance: col.num }),
      );
      expect(found.balance, found.sysObligorCode).toBeCloseTo(ledger!.balance, 2);
    }
  });

  it('narrows to one obligor, or to the whole family of a parent', async () => {
    const [family] = await rows(
      sql`
      select o.parent_sys_obligor_code as code, count(*)::int as n from obligors o
      where o.client_id = ${clientId} and exists (select 1 from obligor_ratings r where r.client_id = o.client_id
        and r.sys_obligor_code = o.sys_obligor_code and r.rating_date <= ${TEST_TODAY}::date)
      group by 1 having count(*) > 2 order by 1 limit 1`,
      row({ code: col.text, n: col.num }),
    );
    const res = await ratings(admin, { sysObligorCode: family!.code, count: 100 });
    expect(total(res)).toBe(family!.n);
    expect((res.json as Row[]).every((r) => r.parentSysObligorCode === family!.code)).toBe(true);
  });

  it('sorts by name, rating date, shift and balance, larger balances first among equals, and pages without overlap', async () => {
    const all = (await ratings(admin, { sortBy: 'balance', orderBy: 'DESC', count: 500 })).json as Row[];
    expect(all.map((r) => r.balance)).toEqual(all.map((r) => r.balance).sort((a, b) => b - a));
    const byShift = (await ratings(admin, { sortBy: 'shift', orderBy: 'DESC', count: 500 })).json as Row[];
    const ranks = byShift.map((r) => SHIFT_RANK[r.shift]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(byShift[0]!.shift).toBe('DOWNGRADE');
    const byRating = (await ratings(admin, { count: 500 })).json as Row[];
    for (let i = 1; i < byRating.length; i++) {
      const [a, b] = [byRating[i - 1]!, byRating[i]!];
      if (a.rating === b.rating)
        expect(a.balance, `${a.sysObligorCode} before ${b.sysObligorCode}`).toBeGreaterThanOrEqual(b.balance);
    }
    const byDate = (await ratings(admin, { sortBy: 'ratingDate', count: 500 })).json as Row[];
    expect(byDate.map((r) => r.ratingDate)).toEqual(byDate.map((r) => r.ratingDate).sort());
    const first = await ratings(admin, { sortBy: 'name', count: 6 });
    const second = await ratings(admin, { sortBy: 'name', count: 6, offset: 2 });
    const both = await ratings(admin, { sortBy: 'name', count: 12 });
    expect([...first.json, ...second.json].map((r: Row) => r.sysObligorCode)).toEqual(
      both.json.map((r: Row) => r.sysObligorCode),
    );
    expect((await ratings(admin, { sortBy: 'rating_date' })).status).toBe(400);
    expect((await ratings(admin, { shift: 'BETTER' })).status).toBe(400);
    expect((await ratings(admin, { date: '2026-13-01' })).status).toBe(400);
  });

  it.each(['rating', 'ratingDate', 'shift', 'balance', 'name'] as const)(
    'pages sorted by %s, both ways, exactly as the whole list orders, ties by name',
    async (sortBy) => {
      for (const orderBy of ['ASC', 'DESC'] as const) {
        const whole = (await ratings(admin, { sortBy, orderBy, count: 500 })).json as Row[];
        // The whole order by hand: the key, larger balances first among equals, then name and code.
        const key = (r: Row): number | string =>
          sortBy === 'rating'
            ? r.rating
            : sortBy === 'ratingDate'
              ? r.ratingDate
              : sortBy === 'shift'
                ? SHIFT_RANK[r.shift]
                : sortBy === 'balance'
                  ? r.balance
                  : r.name;
        const sign = orderBy === 'ASC' ? 1 : -1;
        const compare = (a: Row, b: Row) => {
          const [ka, kb] = [key(a), key(b)];
          if (ka !== kb) return sign * (ka < kb ? -1 : 1);
          if (sortBy !== 'balance' && a.balance !== b.balance) return b.balance - a.balance;
          if (a.name !== b.name) return a.name < b.name ? -1 : 1;
          return a.sysObligorCode < b.sysObligorCode ? -1 : 1;
        };
        if (sortBy !== 'name')
          expect(whole.map((r) => r.sysObligorCode)).toEqual([...whole].sort(compare).map((r) => r.sysObligorCode));
        const pages: Row[] = [];
        for (let offset = 1; offset <= 4; offset++)
          pages.push(...((await ratings(admin, { sortBy, orderBy, count: 7, offset })).json as Row[]));
        expect(pages.map((r) => r.sysObligorCode)).toEqual(whole.slice(0, 28).map((r) => r.sysObligorCode));
      }
    },
  );

  it('reads the first pages by rating and by the larger balance from the rollup alone, exactly as the whole order by hand', async () => {
    // By hand: each obligor's rating in force (obligor_ratings), its rollup balance (0 without a row).
    const byHand = async (scope: string) =>
      rows(
        sql`
        select h.sys_obligor_code as code, h.rating, coalesce(a.outstanding, 0)::float8 as balance, o.name
        from obligor_ratings h join obligors o on o.client_id = h.client_id and o.sys_obligor_code = h.sys_obligor_code
        left join obligor_ageing a on a.client_id = h.client_id and a.as_of_date = ${TEST_TODAY}::date
          and a.sys_obligor_code = h.sys_obligor_code
        where h.client_id = ${clientId} and h.rating_date <= ${TEST_TODAY}::date
          and not exists (select 1 from obligor_ratings n where n.client_id = h.client_id
            and n.sys_obligor_code = h.sys_obligor_code and n.rating_date > h.rating_date and n.rating_date <= ${TEST_TODAY}::date)
          and (${scope} = 'all' or o.guest_id = ${guest.userId})`,
        row({ code: col.text, rating: col.num, balance: col.num, name: col.text }),
      );
    for (const [cookie, scope] of [
      [admin, 'all'],
      [guest.cookie, 'own'],
    ] as const) {
      const all = await byHand(scope);
      for (const [sortBy, orderBy] of [
        ['rating', 'ASC'],
        ['rating', 'DESC'],
        ['balance', 'DESC'],
      ] as const) {
        const sign = orderBy === 'ASC' ? 1 : -1;
        const byName = (a: { name: string; code: string }, b: { name: string; code: string }) =>
          a.name < b.name ? -1 : a.name > b.name ? 1 : a.code < b.code ? -1 : 1;
        const expected = all
          .sort((a, b) =>
            sortBy === 'rating' && a.rating !== b.rating
              ? sign * (a.rating - b.rating)
              : b.balance - a.balance || byName(a, b),
          )
          .map((r) => r.code);
        // The walk answers while the rows it reads hold more positive balances than the page's end.
        const walked = all.filter(
          (r) => r.balance > 0 && (sortBy === 'balance' || r.rating === (orderBy === 'ASC' ? 1 : 3)),
        );
        if (scope === 'all') expect(walked.length, `${sortBy} ${orderBy}: positive balances walked`).toBeGreaterThan(6);
        for (const count of [1, 2, 3]) {
          for (const offset of [1, 2]) {
            const res = await ratings(cookie, { sortBy, orderBy, count, offset });
            expect(res.status).toBe(200);
            expect(
              (res.json as Row[]).map((r) => r.sysObligorCode),
              `${scope} ${sortBy} ${orderBy} ${count} ${offset}`,
            ).toEqual(expected.slice((offset - 1) * count, offset * count));
          }
        }
      }
    }
  });

  it('shows a field officer only their obligors', async () => {
    const res = await ratings(guest.cookie, { count: 500 });
    expect(res.status).toBe(200);
    const own = new Set(
      (
        await rows(
          sql`
      select sys_obligor_code as code from obligors where client_id = ${clientId} and guest_id = ${guest.userId}`,
          row({ code: col.text }),
        )
      ).map((r) => r.code),
    );
    const expected = (await histories(TEST_TODAY)).filter((h) => own.has(h.code));
    expect(total(res)).toBe(expected.length);
    expect(total(res)).toBeGreaterThan(0);
    expect((res.json as Row[]).every((r) => own.has(r.sysObligorCode))).toBe(true);
  });

  it('refuses another client', async () => {
    expect((await ratings(admin, { clientId: kaveriId })).status).toBe(403);
  });
});

describe('ratings in force after the history changes', () => {
  it('follows a rating inserted between two, a changed one and a deleted one, at any date', async () => {
    const [target] = await rows(
      sql`
      select sys_obligor_code as code from obligor_ratings where client_id = ${clientId}
      group by sys_obligor_code having count(*) >= 2 order by sys_obligor_code limit 1`,
      row({ code: col.text }),
    );
    const code = target!.code;
    const check = async (asOf: string) => {
      const expected = (await histories(asOf)).find((h) => h.code === code);
      const found = ((await ratings(admin, { date: asOf, sysObligorCode: code, count: 100 })).json as Row[]).find(
        (r) => r.sysObligorCode === code,
      );
      if (!expected) return expect(found).toBeUndefined();
      expect(found).toMatchObject({
        rating: expected.ratings[0]!.rating,
        ratingDate: expected.ratings[0]!.date,
        previousRating: expected.ratings[1]?.rating ?? null,
        previousRatingDate: expected.ratings[1]?.date ?? null,
      });
    };
    const dates = (await histories(TEST_TODAY)).find((h) => h.code === code)!.ratings.map((r) => r.date);
    const [latest, before] = [dates[0]!, dates[1]!];
    // A rating between the last two: in force from its day, the new previous of the latest.
    const between = new Date((Date.parse(before) + Date.parse(latest)) / 2).toISOString().slice(0, 10);
    await database.db.execute(sql`insert into obligor_ratings (client_id, sys_obligor_code, rating_date, rating)
      values (${clientId}, ${code}, ${between}::date, 3) on conflict do nothing`);
    for (const d of [dayBefore(between), between, dayBefore(latest), latest, TEST_TODAY]) await check(d);
    // Changed, then the latest deleted: the one between is in force again today.
    await database.db.execute(sql`update obligor_ratings set rating = 1
      where client_id = ${clientId} and sys_obligor_code = ${code} and rating_date = ${between}::date`);
    await check(TEST_TODAY);
    await database.db.execute(sql`delete from obligor_ratings
      where client_id = ${clientId} and sys_obligor_code = ${code} and rating_date = ${latest}::date`);
    for (const d of [between, latest, TEST_TODAY]) await check(d);
  });
});
