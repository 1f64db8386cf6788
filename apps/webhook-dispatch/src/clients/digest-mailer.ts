import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same id on every attempt of one digest, so a mail system can tell a repeat from a new message. */
  messageId: string;
}

/** The SMTP server refused the message for good (a 5xx reply): sending it again cannot help. */
export class MailRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRejected';
  }
}

/** How long connecting, greeting and each SMTP command may take. */
const SMTP_TIMEOUT_MS = 15_000;
/** Readiness asks the server again at most this often (a probe every few seconds must not open a connection each time). */
const READINESS_CACHE_MS = 10_000;

/** Sends digests through the configured SMTP server (`SMTP_URL`), over a small pool of connections. */
export class DigestMailer {
  private readonly transport: Transporter;
  private lastCheck: { at: number; failure: Error | undefined } | undefined;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 4,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      const message = error instanceof Error ? error.message : String(error);
      if (code !== undefined && code >= 500) throw new MailRejected(message);
      throw error;
    }
  }

  /** Throws when the SMTP server does not accept a connection and greeting; answers from a short cache. */
  async checkReady(): Promise<void> {
    const now = Date.now();
    if (!this.lastCheck || now - this.lastCheck.at > READINESS_CACHE_MS) {
      const failure = await this.transport.verify().then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      this.lastCheck = { at: now, failure };
    }
    if (this.lastCheck.failure) throw new Error(`SMTP server not reachable: ${this.lastCheck.failure.message}`);
  }

  close(): void {
    this.transport.close();
  }
}
