/**
 * The workspace owner's digest address. Users have no email address in this system (the web
 * app that would collect one is not part of it), so each workspace's owner is reached at a
 * fixed address of the deployment's mail domain, which the operator's mail system routes to the
 * owner (docs/api.md, "Email digests").
 */
export const digestRecipient = (workspaceId: string, domain: string): string => `owner.${workspaceId}@${domain}`;

/** One Message-ID per run: every attempt of a digest carries it, so a repeat is recognisable as one. */
export const digestMessageId = (runId: string, domain: string): string => `<digest.${runId}@${domain}>`;
