-- Card keys become real (src/modules/rpa/): secrets are kept as keyed hashes (src/kernel/card-secret.ts), so the
-- plain secrets of cards typed in by hand before are cleared (no hash format: they could not be redeemed anyway),
-- and a card number is unique among a tenant's live cards: hand-made cards without a number, or with one an older
-- card already has, are numbered after their id first.
UPDATE "smart_rpa_card_password" SET "card_password" = '', "exported" = 0 WHERE "card_password" NOT LIKE 'c1.%';--> statement-breakpoint
UPDATE "smart_rpa_card_password" c SET "card_no" = 'N' || c."id"::text
WHERE c."is_deleted" = 0 AND (c."card_no" = '' OR EXISTS (
  SELECT 1 FROM "smart_rpa_card_password" d
  WHERE d."tenant_id" = c."tenant_id" AND d."card_no" = c."card_no" AND d."is_deleted" = 0 AND d."id" < c."id"
));--> statement-breakpoint
CREATE UNIQUE INDEX "smart_rpa_card_password_no_uq" ON "smart_rpa_card_password" USING btree ("tenant_id","card_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_rpa_card_password_group_idx" ON "smart_rpa_card_password" USING btree ("group_id");
