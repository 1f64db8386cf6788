-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "secret_key_id" VARCHAR(64) NOT NULL,
    "secret_sealed" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id"),
    -- At least a 12-byte nonce and a 16-byte tag around the ciphertext.
    CONSTRAINT "webhooks_secret_sealed_length" CHECK (octet_length("secret_sealed") > 28)
);

-- CreateTable
CREATE TABLE "slack_connections" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "channel" VARCHAR(80) NOT NULL,
    "url_key_id" VARCHAR(64) NOT NULL,
    "url_sealed" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "slack_connections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "slack_connections_url_sealed_length" CHECK (octet_length("url_sealed") > 28)
);

-- CreateIndex
CREATE INDEX "webhooks_workspace_id_idx" ON "webhooks"("workspace_id");

-- CreateIndex
CREATE INDEX "slack_connections_workspace_id_idx" ON "slack_connections"("workspace_id");
