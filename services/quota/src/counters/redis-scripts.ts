/**
 * The Lua scripts of the Redis counters. Redis runs a script alone, start to end, so the checks and
 * the increments of one `reserve` see no other client's writes in between.
 */

/**
 * KEYS[1..n]: the counters; KEYS[n+1..2n]: the sets of their owners' counter ids.
 * ARGV[3i-2], ARGV[3i-1], ARGV[3i]: charge i's limit, expiry (Unix ms; 0 = never) and counter id.
 * Returns {1, 0, used...} when every counter was charged, {0, i, used...} when counter i is at its limit.
 */
export const RESERVE = `
local n = #KEYS / 2
local used = {}
for i = 1, n do
  used[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
end
for i = 1, n do
  if used[i] >= tonumber(ARGV[3 * i - 2]) then
    return {0, i, unpack(used)}
  end
end
for i = 1, n do
  local expires = tonumber(ARGV[3 * i - 1])
  local owner = KEYS[n + i]
  local owned = redis.call('EXISTS', owner)
  used[i] = redis.call('INCR', KEYS[i])
  redis.call('SADD', owner, ARGV[3 * i])
  if expires > 0 then
    redis.call('PEXPIREAT', KEYS[i], expires)
    if owned == 0 then
      redis.call('PEXPIREAT', owner, expires)
    else
      redis.call('PEXPIREAT', owner, expires, 'GT')
    end
  else
    redis.call('PERSIST', owner)
  end
end
return {1, 0, unpack(used)}
`;

/** KEYS: counters. Takes one unit from each that exists and is above 0 (a missing one stays missing); returns their values. */
export const REFUND = `
local used = {}
for i = 1, #KEYS do
  local value = tonumber(redis.call('GET', KEYS[i]) or '0')
  if value > 0 then value = redis.call('DECR', KEYS[i]) end
  used[i] = value
end
return used
`;
