-- Credits are 64-bit: a grant of 2147483648 or more overflowed INTEGER.
-- AlterTable
ALTER TABLE "balances" ALTER COLUMN "balance" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "transactions" ALTER COLUMN "amount" SET DATA TYPE BIGINT,
ALTER COLUMN "balance_after" SET DATA TYPE BIGINT;

-- A balance stays within what a JSON number carries exactly (Number.MAX_SAFE_INTEGER, 2^53 - 1),
-- so every amount and balance the API shows is exact. Grants check it themselves and answer
-- 422; this holds it even if a code path forgot to.
ALTER TABLE "balances" ADD CONSTRAINT "balances_balance_within_safe_integer" CHECK ("balance" <= 9007199254740991);
