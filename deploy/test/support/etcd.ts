/**
 * The HA tests' view of the three-member etcd cluster that holds Patroni's leader key: which
 * member leads, and whether all of them agree on one leader again.
 */
import type { HaEnvironment } from './cluster.ts';
import { waitFor } from './cluster.ts';

export const ETCD_MEMBERS = ['etcd1', 'etcd2', 'etcd3'] as const;
export type EtcdMember = (typeof ETCD_MEMBERS)[number];

export function etcdClientPort(ha: HaEnvironment, member: EtcdMember): number {
  return Number({ etcd1: ha.ETCD1_PORT, etcd2: ha.ETCD2_PORT, etcd3: ha.ETCD3_PORT }[member]);
}

interface EtcdStatus {
  /** This member's id and the id of the member it follows (equal on the leader). */
  memberId: string;
  leaderId: string;
}

/**
 * One member's own status, through etcd's JSON gateway (POST /v3/maintenance/status); undefined
 * when it does not answer. Ids are uint64, which the gateway writes as strings.
 */
export async function etcdStatus(ha: HaEnvironment, member: EtcdMember): Promise<EtcdStatus | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${etcdClientPort(ha, member)}/v3/maintenance/status`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) return undefined;
    const status = (await response.json()) as { header: { member_id: string }; leader: string };
    return { memberId: status.header.member_id, leaderId: status.leader };
  } catch {
    return undefined;
  }
}

/**
 * The member that leads, once every member in `expected` answers and names the same leader (one
 * of them); undefined meanwhile (an election under way, a member still starting).
 */
export async function etcdLeader(
  ha: HaEnvironment,
  expected: readonly EtcdMember[] = ETCD_MEMBERS,
): Promise<EtcdMember | undefined> {
  const statuses = await Promise.all(expected.map((member) => etcdStatus(ha, member)));
  if (statuses.some((status) => status === undefined || status.leaderId === '0')) return undefined;
  const leaderIds = new Set(statuses.map((status) => status!.leaderId));
  if (leaderIds.size !== 1) return undefined;
  const leaderIndex = statuses.findIndex((status) => status!.memberId === statuses[0]!.leaderId);
  return leaderIndex === -1 ? undefined : expected[leaderIndex];
}

/** Waits until all three members answer and agree on their leader; returns its name. */
export async function waitForHealthyEtcd(ha: HaEnvironment, timeoutMs = 30_000): Promise<EtcdMember> {
  return waitFor('the three etcd members to agree on a leader', timeoutMs, () => etcdLeader(ha));
}
