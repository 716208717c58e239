/**
 * One party's side of a video room: the signalling WebSocket (which also
 * carries the chat, so it works before any media flows) and the
 * RTCPeerConnection, negotiated with the "perfect negotiation" pattern so
 * that either party may arrive first or come back (polite = client).
 */

export type ConnectionStatus =
  | 'connecting'
  | 'waiting'
  | 'joining'
  | 'connected'
  | 'reconnecting'
  | 'closed'
  | 'sessionEnded';

export type ChatMessage = { id: number; mine: boolean; text: string; at: string };

export type RoomSessionEvents = {
  status: (status: ConnectionStatus) => void;
  chat: (message: ChatMessage) => void;
  remoteStream: (stream: MediaStream | null) => void;
};

export type RoomSessionOptions = {
  url: string;
  polite: boolean;
  iceServers: RTCIceServer[];
  local: MediaStream | null;
  closesAt: number;
  events: RoomSessionEvents;
  /** Injectable for tests. */
  now?: () => number;
};

type Signal = {
  type?: string;
  reply?: boolean;
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit | null;
  text?: string;
  at?: string;
};

/** The server closes the socket with this code when the room's time is over. */
export const CLOSE_ROOM_CLOSED = 4000;
/** …and with this one when the visitor's session ended (signed out elsewhere, revoked). */
export const CLOSE_SESSION_ENDED = 4001;

/**
 * Both parties present and no media path this long after: start afresh on both sides, as on a
 * (re)arrival. A lost candidate or a stuck negotiation otherwise leaves a call "connecting"
 * for good (a connection with no candidate pair never reaches "failed").
 */
export const CONNECT_TIMEOUT_MS = 15_000;

export class RoomSession {
  private ws: WebSocket | null = null;
  private pc: RTCPeerConnection | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private stopped = false;
  private retries = 0;
  private peerPresent = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<void> = Promise.resolve();
  private nextId = 1;
  private readonly now: () => number;
  private readonly options: RoomSessionOptions;

  constructor(options: RoomSessionOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  start() {
    this.options.events.status('connecting');
    this.connect();
  }

  /** Sends a chat message; false when the socket is not open. */
  sendChat(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || !this.send({ type: 'chat', text: trimmed })) return false;
    this.options.events.chat({ id: this.nextId++, mine: true, text: trimmed, at: new Date(this.now()).toISOString() });
    return true;
  }

  /** Leaves the room: tells the other party, closes everything. */
  leave() {
    this.send({ type: 'leave' });
    this.stop();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.closePeer();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  private send(message: Signal): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  private connect() {
    const ws = new WebSocket(this.options.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      // Every (re)join starts afresh on both sides: the other party resets on
      // our `join`, so nothing it sends after its answer belongs to an older
      // connection, and what arrives before it is ignored (`peerPresent`).
      this.closePeer();
      this.peerPresent = false;
      this.send({ type: 'join' });
      this.options.events.status(this.peerPresent ? 'joining' : 'waiting');
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      let signal: Signal;
      try {
        signal = JSON.parse(event.data) as Signal;
      } catch {
        return;
      }
      // One at a time, in order: negotiation steps depend on the previous ones.
      this.queue = this.queue.then(() => this.handle(signal)).catch(() => undefined);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = null;
      if (event.code === CLOSE_ROOM_CLOSED || this.now() >= this.options.closesAt) {
        this.options.events.status('closed');
        this.stop();
        return;
      }
      if (event.code === CLOSE_SESSION_ENDED) {
        // Reconnecting would be refused: the visitor must sign in again.
        this.options.events.status('sessionEnded');
        this.stop();
        return;
      }
      this.options.events.status('reconnecting');
      const delay = Math.min(500 * 2 ** this.retries, 8000);
      this.retries += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private async handle(signal: Signal) {
    switch (signal.type) {
      case 'peer-joined':
        this.peerPresent = true;
        if (!signal.reply) {
          // A (re)arrived party starts afresh: so do we, before answering it.
          this.closePeer();
          this.send({ type: 'join', reply: true });
        }
        // An answer to our own `join` keeps the connection a simultaneous
        // arrival may already have begun: both sides negotiate on one pair.
        this.ensurePeer();
        this.awaitConnection();
        this.options.events.status('joining');
        return;
      case 'peer-left':
        this.peerPresent = false;
        this.closePeer();
        this.options.events.status('waiting');
        return;
      case 'offer':
      case 'answer':
        // Before the other party's `peer-joined`, a description is from an older connection.
        if (this.peerPresent && signal.description) await this.onDescription(signal.description);
        return;
      case 'ice':
        if (this.peerPresent) await this.onCandidate(signal.candidate ?? null);
        return;
      case 'chat':
        if (typeof signal.text === 'string')
          this.options.events.chat({
            id: this.nextId++,
            mine: false,
            text: signal.text,
            at: signal.at ?? new Date(this.now()).toISOString(),
          });
        return;
      default:
        return;
    }
  }

  private ensurePeer(): RTCPeerConnection {
    if (this.pc) return this.pc;
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    this.pc = pc;
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription) this.send({ type: pc.localDescription.type, description: pc.localDescription.toJSON() });
      } catch {
        // A newer negotiation replaces this one.
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.send({ type: 'ice', candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ track, streams }) => {
      this.options.events.remoteStream(streams[0] ?? new MediaStream([track]));
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        clearTimeout(this.connectTimer);
        this.options.events.status('connected');
      } else if (pc.connectionState === 'failed') pc.restartIce();
      else if (pc.connectionState === 'disconnected' && this.peerPresent) this.options.events.status('joining');
    };
    for (const track of this.options.local?.getTracks() ?? []) pc.addTrack(track, this.options.local as MediaStream);
    return pc;
  }

  /**
   * Starts afresh when the connection is not up within `CONNECT_TIMEOUT_MS`. The timer ends
   * with the connection: once connected, and in `closePeer` (stop, departure, a new join).
   */
  private awaitConnection() {
    clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      // As on our socket's (re)opening: the other party resets on our `join` and replies.
      this.closePeer();
      this.peerPresent = false;
      this.send({ type: 'join' });
    }, CONNECT_TIMEOUT_MS);
  }

  private closePeer() {
    clearTimeout(this.connectTimer);
    if (!this.pc) return;
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
    this.pc = null;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.options.events.remoteStream(null);
  }

  private async onDescription(description: RTCSessionDescriptionInit) {
    const pc = this.ensurePeer();
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    await pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      if (pc.localDescription) this.send({ type: 'answer', description: pc.localDescription.toJSON() });
    }
  }

  private async onCandidate(candidate: RTCIceCandidateInit | null) {
    if (!this.pc || !candidate) return;
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      if (!this.ignoreOffer) throw error;
    }
  }
}

/** The room's socket URL on this origin. */
export const roomSocketUrl = (area: string, roomId: string, location: Location = window.location) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/${area}/rooms/${encodeURIComponent(roomId)}/ws`;
