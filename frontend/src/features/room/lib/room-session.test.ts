import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS, RoomSession, type ConnectionStatus } from './room-session';

/** The signalling socket: what the session sent, and a way to deliver what the server relays. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  deliver(signal: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(signal) });
  }
}

/** A peer connection that records what it was given (no media, so no negotiation of its own). */
class FakePeer {
  static all: FakePeer[] = [];
  closed = false;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string; toJSON: () => unknown } | null = null;
  remote: RTCSessionDescriptionInit[] = [];
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: (() => void) | null = null;
  ontrack: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor() {
    FakePeer.all.push(this);
  }
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote.push(description);
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  setLocalDescription() {
    const type: RTCSdpType = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    const sdp = `${type} of peer ${FakePeer.all.indexOf(this)}`;
    this.localDescription = { type, sdp, toJSON: () => ({ type, sdp }) };
    this.signalingState = type === 'answer' ? 'stable' : 'have-local-offer';
    return Promise.resolve();
  }
  addIceCandidate() {
    return Promise.resolve();
  }
  close() {
    this.closed = true;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const startSession = () => {
  const statuses: ConnectionStatus[] = [];
  const session = new RoomSession({
    url: 'ws://test/room',
    polite: true,
    iceServers: [],
    local: null,
    closesAt: Number.MAX_SAFE_INTEGER,
    events: { status: (status) => statuses.push(status), chat: () => undefined, remoteStream: () => undefined },
  });
  session.start();
  return { session, statuses, socket: () => FakeSocket.all[FakeSocket.all.length - 1] };
};

/** On fake timers: the session's socket is open and the other party has answered its `join`. */
const joinedWithFakeTimers = async () => {
  vi.useFakeTimers();
  const started = startSession();
  started.socket().open();
  started.socket().deliver({ type: 'peer-joined', reply: true });
  await vi.advanceTimersByTimeAsync(0);
  return started;
};

describe('room session negotiation', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    FakePeer.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('RTCPeerConnection', FakePeer);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps one connection when both parties arrive at once (their join, then their answer to ours)', async () => {
    const { socket } = startSession();
    socket().open();
    expect(socket().sent).toEqual([{ type: 'join' }]);

    socket().deliver({ type: 'peer-joined', reply: false });
    await settle();
    expect(socket().sent).toContainEqual({ type: 'join', reply: true });
    socket().deliver({ type: 'peer-joined', reply: true });
    await settle();

    expect(FakePeer.all).toHaveLength(1);
    expect(FakePeer.all[0].closed).toBe(false);
  });

  it('answers an offer only once the other party has arrived, and starts afresh when it arrives again', async () => {
    const { socket } = startSession();
    socket().open();
    // Left over from an older connection of the other party: nothing to answer yet.
    socket().deliver({ type: 'offer', description: { type: 'offer', sdp: 'stale' } });
    await settle();
    expect(FakePeer.all).toHaveLength(0);

    socket().deliver({ type: 'peer-joined', reply: true });
    socket().deliver({ type: 'offer', description: { type: 'offer', sdp: 'fresh' } });
    await settle();
    expect(FakePeer.all).toHaveLength(1);
    expect(FakePeer.all[0].remote).toEqual([{ type: 'offer', sdp: 'fresh' }]);
    expect(socket().sent).toContainEqual({ type: 'answer', description: { type: 'answer', sdp: 'answer of peer 0' } });

    socket().deliver({ type: 'peer-joined', reply: false });
    await settle();
    expect(FakePeer.all[0].closed).toBe(true);
    expect(FakePeer.all).toHaveLength(2);
  });

  it('drops its connection when its own socket comes back, and waits for the other party again', async () => {
    const { socket, statuses } = await joinedWithFakeTimers();
    expect(FakePeer.all).toHaveLength(1);

    socket().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(500);
    socket().open();
    expect(FakePeer.all[0].closed).toBe(true);
    expect(statuses.at(-1)).toBe('waiting');
    expect(socket().sent).toEqual([{ type: 'join' }]);
  });

  it('starts afresh when both are present but the connection is not up in time', async () => {
    const { socket } = await joinedWithFakeTimers();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(FakePeer.all[0].closed).toBe(false);
    socket().sent.length = 0;

    await vi.advanceTimersByTimeAsync(1);
    expect(FakePeer.all[0].closed).toBe(true);
    expect(socket().sent).toEqual([{ type: 'join' }]);
    // What the old connection's side still sends before its reply is ignored.
    socket().deliver({ type: 'offer', description: { type: 'offer', sdp: 'old' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeer.all).toHaveLength(1);
    socket().deliver({ type: 'peer-joined', reply: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeer.all).toHaveLength(2);
  });

  it('keeps a connection that came up', async () => {
    const { statuses } = await joinedWithFakeTimers();
    const peer = FakePeer.all[0];
    peer.connectionState = 'connected';
    peer.onconnectionstatechange?.();
    expect(statuses.at(-1)).toBe('connected');
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2);
    expect(peer.closed).toBe(false);
  });
});
