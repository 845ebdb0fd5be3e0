// The SAT/PAC simulator in a process of its own, for benchmarks of a service that runs as several
// processes: it says `ready` with its address over IPC, and answers `issue` with a CSD and a FIEL
// from its CA (the bench needs them to make a fiscal profile the simulator's PAC accepts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSimulator } from '../../src/simulator/index.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-simulator-'));
const simulator = await startSimulator({ dataDir, port: 0 });
const send = (message: Record<string, unknown>) => process.send?.(message);

process.on('message', async (message: { type: string }) => {
  if (message.type !== 'issue') return;
  const issue = (kind: 'csd' | 'fiel') =>
    simulator.ca.issue({ rfc: 'EKU9003173C9', kind, name: 'ESCUELA KEMPER URGATE', validFrom: new Date(Date.now() - 86_400_000) });
  const credentials = await Promise.all(
    (['csd', 'fiel'] as const).map(async (kind) => {
      const issued = await issue(kind);
      return {
        cer_base64: issued.cerDer.toString('base64'),
        key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
        password: issued.password,
        privateKeyPem: issued.credential.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
    }),
  );
  send({ type: 'issue', csd: credentials[0], fiel: credentials[1] });
});
const stop = () =>
  simulator.close().finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('disconnect', stop);
send({ type: 'ready', url: simulator.url });
