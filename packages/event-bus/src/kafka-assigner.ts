import { AssignerProtocol, type PartitionAssigner } from "kafkajs";

/**
 * Round robin over each topic's partitions among the members subscribed to that topic. A service
 * subscribes one consumer per topic, all in its one group (admin-analytics: six topics); kafkajs's
 * own RoundRobinAssigner deals every topic of the group to every member, and a member ignores the
 * partitions of a topic it did not subscribe to, so those were never consumed. The leader is given
 * only its own topics and knows only their partitions, so it takes the members' topics and asks
 * the brokers about them.
 */
export const subscribedRoundRobin: PartitionAssigner = ({ cluster }) => ({
  name: "QaiSubscribedRoundRobin",
  version: 0,
  async assign({ members }) {
    const subscribers = new Map<string, string[]>();
    for (const { memberId, memberMetadata } of [...members].sort((a, b) => a.memberId.localeCompare(b.memberId))) {
      for (const topic of AssignerProtocol.MemberMetadata.decode(memberMetadata)?.topics ?? []) subscribers.set(topic, [...(subscribers.get(topic) ?? []), memberId]);
    }
    const topics = [...subscribers.keys()].sort();
    await cluster.addMultipleTargetTopics(topics);
    const assignment = new Map<string, Record<string, number[]>>(members.map(({ memberId }) => [memberId, {}]));
    for (const topic of topics) {
      const candidates = subscribers.get(topic)!;
      cluster.findTopicPartitionMetadata(topic).forEach(({ partitionId }, at) => {
        const owned = assignment.get(candidates[at % candidates.length]!)!;
        (owned[topic] ??= []).push(partitionId);
      });
    }
    return [...assignment].map(([memberId, owned]) => ({ memberId, memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: owned, userData: Buffer.alloc(0) }) }));
  },
  protocol({ topics }) {
    return { name: "QaiSubscribedRoundRobin", metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }) };
  },
});
