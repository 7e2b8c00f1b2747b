/** The topic where `group` puts the events of `topic` it failed to handle after every attempt. */
export function deadLetterTopic(topic: string, group: string): string {
  return `${topic}.${group}.dead-letter`;
}
