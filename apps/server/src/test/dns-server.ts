/**
 * A DNS server on a loopback UDP port that answers TXT questions from records in memory, as a
 * domain's authoritative server would: domain verification's real resolver (Node's, told to
 * ask this server) finds or misses the record a test published. Every other question gets
 * NXDOMAIN.
 */
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

export interface LoopbackDns {
  /** `127.0.0.1:port`, as DOMAIN_VERIFICATION_DNS_SERVERS takes it. */
  server: string;
  /** Publishes the TXT records at a name (none: removes them). */
  setTxt(name: string, ...values: string[]): void;
  /** The names asked for, in order. */
  readonly asked: string[];
  close(): Promise<void>;
}

export async function startLoopbackDns(port = 0): Promise<LoopbackDns> {
  const records = new Map<string, string[]>();
  const asked: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    asked.push(name);
    const values = question.type === 'TXT' ? records.get(name) : undefined;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (values ? 0 : 3), // rcode 3: NXDOMAIN
      questions: [question],
      answers: (values ?? []).map((data) => ({ type: 'TXT' as const, name: question.name, ttl: 60, class: 'IN' as const, data })),
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    setTxt(name, ...values) {
      if (values.length === 0) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), values);
    },
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
