import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { guideCommands, markdownSection, splitCommands } from './guide-commands.ts';

const fence = '```';

describe('reading the shell commands of a guide', () => {
  test('a command carries on over `\\`, quotes, `$(…)` and a trailing pipe, and ends at the next line break', () => {
    const block = [
      '# a comment line is no command',
      'curl http://127.0.0.1:3000/v1/invoices \\',
      '  -H "Authorization: Bearer $INVOICING_KEY" \\',
      "  -d '{",
      '    "fiscal_profile_id": "\'"$PROFILE"\'"',
      "  }' | tee invoice.json",
      'export INVOICE=$(node -p \'require("./invoice.json").id\')   # the draft',
      '',
      'while curl -s http://127.0.0.1:3000/v1/downloads/$DOWNLOAD \\',
      '  | grep -q processing; do sleep 2; done',
      'curl -d "{\\"xml\\": \\"$(base64 -w0 factura.xml)\\"}" http://127.0.0.1:3000/v1/validations',
    ].join('\n');
    const commands = splitCommands(block);
    assert.deepEqual(
      commands.map((command) => command.line),
      [1, 6, 8, 10],
    );
    assert.equal(commands[0]!.text, block.split('\n').slice(1, 6).join('\n'));
    assert.equal(commands[1]!.code, 'export INVOICE=$(node -p \'require("./invoice.json").id\')');
    assert.match(commands[2]!.text, /do sleep 2; done$/);
  });

  test('a # inside a word or quotes is no comment, and an unterminated quote is an error', () => {
    assert.deepEqual(
      splitCommands('curl \'http://x/#a\' -d "#b" -H x#y # note').map((command) => command.code),
      ['curl \'http://x/#a\' -d "#b" -H x#y'],
    );
    assert.throws(() => splitCommands("curl -d '{\n"), /unterminated single/);
  });

  test('commands are classified, located and take the directives written just above their block', () => {
    const markdown = [
      '# Guide',
      '',
      `${fence}sh`,
      'export KEY=$(curl -s http://127.0.0.1:3000/v1/organizations | node -p 1)',
      'npm start',
      `${fence}`,
      '',
      '<!-- expect-status: 422 -->',
      '',
      `${fence}sh`,
      "curl -X POST http://127.0.0.1:3000/v1/api_keys -d '{}'",
      `${fence}`,
      '<!-- not-run: needs a live PAC -->',
      `  ${fence}sh`,
      '  PAC=1',
      `  ${fence}`,
      `${fence}json`,
      '{ "curl": 1 }',
      `${fence}`,
    ].join('\n');
    const commands = guideCommands(markdown, 'guide.md');
    assert.deepEqual(
      commands.map(({ where, kind, assigns, expectStatus, notRun }) => ({ where, kind, assigns, expectStatus, notRun })),
      [
        { where: 'guide.md:4', kind: 'request', assigns: 'KEY', expectStatus: undefined, notRun: undefined },
        { where: 'guide.md:5', kind: 'other', assigns: undefined, expectStatus: undefined, notRun: undefined },
        { where: 'guide.md:11', kind: 'request', assigns: undefined, expectStatus: 422, notRun: undefined },
        { where: 'guide.md:15', kind: 'assignment', assigns: 'PAC', expectStatus: undefined, notRun: 'needs a live PAC' },
      ],
    );
  });

  test('a curl command outside a shell block is refused, so that none escapes the test', () => {
    assert.throws(() => guideCommands(`Text\n\n${fence}\ncurl http://127.0.0.1:3000/readyz\n${fence}\n`, 'guide.md'), /guide\.md:3: a curl command/);
  });

  test("a README section's commands are located in the whole file", () => {
    const readme = [
      '# Title',
      '',
      '## First requests',
      '',
      `${fence}sh`,
      'curl -s localhost:3000/readyz',
      `${fence}`,
      '',
      '## Next',
      `${fence}sh`,
      'curl x',
      `${fence}`,
    ].join('\n');
    const section = markdownSection(readme, 'First requests');
    assert.deepEqual(
      guideCommands(section.text, 'README.md', section.firstLine).map((command) => command.where),
      ['README.md:6'],
    );
  });
});
