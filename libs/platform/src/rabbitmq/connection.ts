import { connect, type Channel, type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from 'pino';
import { reconnectDelay, type ReconnectOptions } from './reconnect-delay';

/** The connection was closed on purpose: nothing more will be sent or received on it. */
export class ConnectionClosedError extends Error {
  constructor() {
    super('The RabbitMQ connection is closed');
    this.name = 'ConnectionClosedError';
  }
}

export interface AmqpConnectionOptions {
  url: string;
  /** Shown by the broker (rabbitmqctl list_connections name), usually the service name. */
  name: string;
  logger: Logger;
  reconnect?: ReconnectOptions;
}

/** Work redone on every new connection: declaring topology, opening channels, subscribing. */
export type SessionSetup = (session: AmqpSession) => Promise<void>;

/** One broker connection and the channels opened on it; all of it dies together. */
export class AmqpSession {
  ready = false;
  open = true;
  private readonly channels = new Set<ConfirmChannel>();

  constructor(
    readonly model: ChannelModel,
    /** 1 for the first connection of the process, then one more per reconnect. */
    readonly number: number,
    private readonly logger: Logger,
    private readonly onChannelLost: (session: AmqpSession, reason: string) => void,
  ) {}

  /**
   * A confirm channel whose unexpected close (a channel-level error from the broker) rebuilds
   * the whole session: simpler and safer than repairing one channel while others go on.
   */
  async openConfirmChannel(purpose: string): Promise<ConfirmChannel> {
    const channel = await this.model.createConfirmChannel();
    this.channels.add(channel);
    channel.on('error', (error: Error) => this.logger.warn({ err: error, purpose, session: this.number }, 'RabbitMQ channel error'));
    channel.on('close', () => {
      // A connection closes its channels first and itself right after: wait a turn, so a
      // lost connection is reported as such and not as a lost channel.
      setImmediate(() => {
        if (this.open) this.onChannelLost(this, `${purpose} channel closed`);
      });
    });
    return channel;
  }

  /**
   * Closes the channels first, then the connection: the broker may drop acks still on their
   * way to a channel when the connection closes under it, and would deliver those messages again.
   */
  async close(): Promise<void> {
    this.open = false;
    this.ready = false;
    await Promise.all([...this.channels].map((channel) => channel.close().catch(() => undefined)));
    await this.model.close().catch(() => undefined);
  }

  /** A short-lived plain channel, e.g. for declaring topology; closed afterwards. */
  async withChannel<T>(work: (channel: Channel) => Promise<T>): Promise<T> {
    const channel = await this.model.createChannel();
    // A failed declaration closes the channel with an 'error' event; the failing call rejects too.
    channel.on('error', (error: Error) => this.logger.warn({ err: error, session: this.number }, 'RabbitMQ channel error'));
    try {
      return await work(channel);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }
}

/** A broker that accepts the TCP connection but never completes the handshake counts as down. */
const CONNECT_TIMEOUT_MS = 10_000;

interface ReadyWaiter {
  resolve: (session: AmqpSession) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Keeps one connection to RabbitMQ: connects with back-off, and whenever the broker closes
 * the connection or one of its channels, connects again and reruns every setup (topology,
 * channels, consumers) on the new connection. Each step is logged.
 */
export class AmqpConnection {
  private session: AmqpSession | undefined;
  private readonly setups: SessionSetup[] = [];
  private readonly waiters = new Set<ReadyWaiter>();
  private sessionsOpened = 0;
  private failedAttempts = 0;
  private attemptInFlight: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: AmqpConnectionOptions) {}

  private get logger(): Logger {
    return this.options.logger;
  }

  get isReady(): boolean {
    return this.session?.ready === true;
  }

  /** Connects (retrying with back-off) and waits up to `timeoutMs` for the first ready session. */
  async start(timeoutMs: number): Promise<void> {
    this.runAttempt();
    try {
      await this.whenReady(timeoutMs);
    } catch (error) {
      await this.close();
      throw new Error(`Could not connect to RabbitMQ within ${timeoutMs} ms`, { cause: error });
    }
  }

  /** Registers a setup for every future session and runs it on the current one, if any. */
  addSetup(setup: SessionSetup): void {
    this.setups.push(setup);
    const session = this.session;
    if (!session?.ready) return; // the session being opened runs it, or the next one does
    setup(session).catch((error: unknown) => this.sessionBroken(session, `setup failed: ${describe(error)}`));
  }

  /** The ready session; waits (at most `timeoutMs`) while the connection is being re-established. */
  whenReady(timeoutMs: number): Promise<AmqpSession> {
    if (this.closed) return Promise.reject(new ConnectionClosedError());
    if (this.session?.ready) return Promise.resolve(this.session);
    return new Promise((resolve, reject) => {
      const waiter: ReadyWaiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`RabbitMQ not reachable within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** A channel of the session failed: drop the whole session and build a new one. */
  sessionBroken(session: AmqpSession, reason: string): void {
    if (this.session !== session) return;
    this.logger.warn({ reason, session: session.number }, 'RabbitMQ session broken; reconnecting');
    this.dropSession(session);
    void session.close();
    this.scheduleReconnect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new ConnectionClosedError());
    }
    this.waiters.clear();
    await this.attemptInFlight;
    const session = this.session;
    if (session) {
      this.dropSession(session);
      await session.close();
    }
    this.logger.info({ name: this.options.name }, 'RabbitMQ connection closed');
  }

  private dropSession(session: AmqpSession): void {
    session.open = false;
    session.ready = false;
    if (this.session === session) this.session = undefined;
  }

  private runAttempt(): void {
    const attempt = this.openSession();
    this.attemptInFlight = attempt.then(() => undefined);
    void attempt.then((succeeded) => {
      this.attemptInFlight = undefined;
      if (!succeeded) this.scheduleReconnect();
    });
  }

  /** One connection attempt with every setup; false when it failed (logged). */
  private async openSession(): Promise<boolean> {
    const attempt = this.failedAttempts + 1;
    this.logger.info({ name: this.options.name, attempt }, 'connecting to RabbitMQ');
    let model: ChannelModel | undefined;
    try {
      model = await connect(this.options.url, { clientProperties: { connection_name: this.options.name }, timeout: CONNECT_TIMEOUT_MS });
      if (this.closed) {
        await model.close().catch(() => undefined);
        return true;
      }
      const session = new AmqpSession(model, this.sessionsOpened + 1, this.logger, (broken, reason) => this.sessionBroken(broken, reason));
      this.watch(session);
      this.session = session;
      this.logger.info({ session: session.number }, 'connected to RabbitMQ; setting up');
      // Setups added meanwhile land at the end of the array and are run here too.
      for (let index = 0; index < this.setups.length; index++) {
        const setup = this.setups[index];
        if (setup) await setup(session);
      }
      if (!session.open) throw new Error('connection lost during setup');
      if (this.closed) return true; // close() closes the session
      this.sessionsOpened = session.number;
      this.failedAttempts = 0;
      session.ready = true;
      this.logger.info(
        { session: session.number, setups: this.setups.length },
        session.number === 1 ? 'RabbitMQ ready' : 'RabbitMQ reconnected; topology declared and consumers resumed',
      );
      for (const waiter of this.waiters) {
        clearTimeout(waiter.timer);
        waiter.resolve(session);
      }
      this.waiters.clear();
      return true;
    } catch (error) {
      this.failedAttempts += 1;
      this.logger.warn({ err: error, attempt }, 'could not connect to RabbitMQ');
      const current = this.session;
      if (current && current.model === model) this.dropSession(current);
      await model?.close().catch(() => undefined);
      return false;
    }
  }

  private watch(session: AmqpSession): void {
    const { model } = session;
    // Without an 'error' listener an EventEmitter throws; the 'close' that follows is what we act on.
    model.on('error', (error: Error) => this.logger.warn({ err: error, session: session.number }, 'RabbitMQ connection error'));
    model.on('close', (error?: Error) => {
      if (this.session !== session) return;
      this.logger.warn({ err: error, session: session.number }, 'RabbitMQ connection lost');
      this.dropSession(session);
      this.scheduleReconnect();
    });
    model.on('blocked', (reason: string) => this.logger.warn({ reason }, 'RabbitMQ blocked publishing (resource alarm)'));
    model.on('unblocked', () => this.logger.info('RabbitMQ unblocked publishing'));
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.attemptInFlight) return;
    const delayMs = reconnectDelay(this.failedAttempts + 1, this.options.reconnect);
    this.logger.info({ delayMs, attempt: this.failedAttempts + 1 }, 'reconnecting to RabbitMQ after a pause');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.runAttempt();
    }, delayMs);
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
