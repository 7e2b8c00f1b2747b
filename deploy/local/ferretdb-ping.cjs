// Usage: node ferretdb-ping.cjs HOST PORT — exits 0 when the server answers a MongoDB `ping` with ok: 1.
// Uses the mongodb driver when installed; otherwise sends one OP_MSG (opcode 2013) by hand.
"use strict";
const net = require("node:net");
const [host, port] = [process.argv[2] ?? "127.0.0.1", Number(process.argv[3] ?? 27017)];
const fail = (why) => {
  console.error(`ping ${host}:${port}: ${why}`);
  process.exit(1);
};
setTimeout(() => fail("no answer within 5 s"), 5000).unref();

let driver;
try {
  driver = require("mongodb");
} catch {
  driver = undefined;
}
if (driver) {
  const client = new driver.MongoClient(`mongodb://${host}:${port}/`, { serverSelectionTimeoutMS: 4000 });
  client
    .db("admin")
    .command({ ping: 1 })
    .then((reply) => (reply.ok === 1 ? client.close().then(() => console.log("ping ok (mongodb driver)")) : fail(JSON.stringify(reply))))
    .catch((error) => fail(error.message));
} else {
  pingByHand();
}

/** BSON of { ping: 1 (int32), $db: "admin" }. */
function pingCommand() {
  const element = (type, name, value) => Buffer.concat([Buffer.from([type]), Buffer.from(`${name}\0`), value]);
  const int32 = (n) => Buffer.from(Int32Array.of(n).buffer);
  const text = (s) => Buffer.concat([int32(Buffer.byteLength(s) + 1), Buffer.from(`${s}\0`)]);
  const body = Buffer.concat([element(0x10, "ping", int32(1)), element(0x02, "$db", text("admin")), Buffer.from([0])]);
  return Buffer.concat([int32(body.length + 4), body]);
}

/** The `ok` field of a top-level BSON document (double or int32), or undefined. */
function okOf(doc) {
  let at = 4;
  while (at < doc.length - 1) {
    const type = doc[at];
    const nameEnd = doc.indexOf(0, at + 1);
    const name = doc.toString("utf8", at + 1, nameEnd);
    at = nameEnd + 1;
    if (name === "ok") return type === 0x01 ? doc.readDoubleLE(at) : type === 0x10 ? doc.readInt32LE(at) : undefined;
    const sizes = { 0x01: 8, 0x08: 1, 0x09: 8, 0x0a: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x07: 12 };
    if (type in sizes) at += sizes[type];
    else if (type === 0x02) at += 4 + doc.readInt32LE(at);
    else if (type === 0x03 || type === 0x04) at += doc.readInt32LE(at);
    else if (type === 0x05) at += 5 + doc.readInt32LE(at);
    else return undefined;
  }
  return undefined;
}

function pingByHand() {
  const document = pingCommand();
  const header = Buffer.alloc(16 + 4 + 1);
  header.writeInt32LE(header.length + document.length, 0); // messageLength
  header.writeInt32LE(1, 4); // requestID
  header.writeInt32LE(2013, 12); // OP_MSG; flagBits 0, section kind 0 follow
  const socket = net.connect(port, host, () => socket.write(Buffer.concat([header, document])));
  let reply = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    reply = Buffer.concat([reply, chunk]);
    if (reply.length < 4 || reply.length < reply.readInt32LE(0)) return;
    socket.end();
    if (reply.readInt32LE(12) !== 2013) fail(`unexpected opcode ${reply.readInt32LE(12)}`);
    const ok = okOf(reply.subarray(21));
    if (ok !== 1) fail(`ok is ${ok}`);
    console.log("ping ok (OP_MSG by hand)");
  });
  socket.on("error", (error) => fail(error.message));
}
