-- CreateTable
CREATE TABLE "balances" (
    "workspace_id" UUID NOT NULL,
    "balance" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balances_pkey" PRIMARY KEY ("workspace_id"),
    -- A charge never takes a balance below zero, even if a code path forgot to check.
    CONSTRAINT "balances_balance_not_negative" CHECK ("balance" >= 0)
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "workspace_id" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "reference" VARCHAR(255) NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "refund_of" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transactions_amount_not_zero" CHECK ("amount" <> 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "transactions_reference_key" ON "transactions"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_refund_of_key" ON "transactions"("refund_of");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_seq_key" ON "transactions"("seq");

-- CreateIndex
CREATE INDEX "transactions_workspace_id_seq_idx" ON "transactions"("workspace_id", "seq" DESC);
