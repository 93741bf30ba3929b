-- Each rating knows the day the next one takes over (valid_until) and the rating before it: the
-- ratings in force on a date are then one range read. A statement trigger relinks the obligors a
-- statement touched, whoever writes (imports, the seed, tests); its own update does not recurse.
CREATE FUNCTION "obligor_ratings_relink"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  UPDATE obligor_ratings r
  SET valid_until = l.next_date, previous_rating = l.previous_rating, previous_rating_date = l.previous_date
  FROM (
    SELECT x.client_id, x.sys_obligor_code, x.rating_date,
      lead(x.rating_date) OVER w AS next_date, lag(x.rating) OVER w AS previous_rating,
      lag(x.rating_date) OVER w AS previous_date
    FROM obligor_ratings x
    WHERE (x.client_id, x.sys_obligor_code) IN (SELECT DISTINCT c.client_id, c.sys_obligor_code FROM changed c)
    WINDOW w AS (PARTITION BY x.client_id, x.sys_obligor_code ORDER BY x.rating_date)
  ) l
  WHERE r.client_id = l.client_id AND r.sys_obligor_code = l.sys_obligor_code AND r.rating_date = l.rating_date
    AND (r.valid_until, r.previous_rating, r.previous_rating_date)
      IS DISTINCT FROM (l.next_date, l.previous_rating, l.previous_date);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "obligor_ratings_relink_insert" AFTER INSERT ON "obligor_ratings"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "obligor_ratings_relink"();--> statement-breakpoint
CREATE TRIGGER "obligor_ratings_relink_update" AFTER UPDATE ON "obligor_ratings"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "obligor_ratings_relink"();--> statement-breakpoint
CREATE TRIGGER "obligor_ratings_relink_delete" AFTER DELETE ON "obligor_ratings"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "obligor_ratings_relink"();--> statement-breakpoint
UPDATE "obligor_ratings" r
SET valid_until = l.next_date, previous_rating = l.previous_rating, previous_rating_date = l.previous_date
FROM (
  SELECT x.client_id, x.sys_obligor_code, x.rating_date,
    lead(x.rating_date) OVER w AS next_date, lag(x.rating) OVER w AS previous_rating,
    lag(x.rating_date) OVER w AS previous_date
  FROM obligor_ratings x
  WINDOW w AS (PARTITION BY x.client_id, x.sys_obligor_code ORDER BY x.rating_date)
) l
WHERE r.client_id = l.client_id AND r.sys_obligor_code = l.sys_obligor_code AND r.rating_date = l.rating_date;
