/**
 * The shell commands of the guides, read from their Markdown as a reader copies them: every
 * ```sh block, split into commands the way a shell would (a line ending in `\`, `|` or `&&`, or
 * inside quotes or `$(…)`, carries on), with the directives of HTML comments written just above
 * the block:
 * - `<!-- not-run: reason -->`: the block's commands cannot run against a local server;
 * - `<!-- expect-status: 422 -->`: every request of the block answers this status on purpose
 *   (otherwise a request must answer 2xx).
 */

export interface GuideCommand {
  /** `docs/guides/quickstart.md:37`: where the command starts. */
  where: string;
  /** The command as printed, continuation lines included. */
  text: string;
  /** `request` when it runs curl; `assignment` when it only sets a variable; `other` (npm start, the CLI…). */
  kind: 'request' | 'assignment' | 'other';
  /** The variable the command sets (`export NAME=…` or `NAME=…`), if any. */
  assigns?: string;
  notRun?: string;
  expectStatus?: number;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);
const DIRECTIVE = /^<!--\s*(not-run|expect-status):\s*(.*?)\s*-->$/;

/** The commands of every shell block of `markdown` (a file's text, or one section of it), in order. */
export function guideCommands(markdown: string, file: string, firstLine = 1): GuideCommand[] {
  const lines = markdown.split('\n');
  const commands: GuideCommand[] = [];
  let directives: { notRun?: string; expectStatus?: number } = {};
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const directive = DIRECTIVE.exec(line.trim());
    if (directive) {
      if (directive[1] === 'not-run') directives.notRun = directive[2]!;
      else directives.expectStatus = Number(directive[2]);
      continue;
    }
    const fence = /^(\s*)(`{3,})\s*([\w-]*)/.exec(line);
    if (!fence) {
      if (line.trim() !== '') directives = {};
      continue;
    }
    const [, indent, ticks, language] = fence;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !lines[end]!.trimStart().startsWith(ticks!)) {
      body.push(lines[end]!.startsWith(indent!) ? lines[end]!.slice(indent!.length) : lines[end]!);
      end++;
    }
    if (SHELL_LANGUAGES.has(language!)) {
      for (const command of splitCommands(body.join('\n'))) {
        commands.push({ where: `${file}:${firstLine + index + 1 + command.line}`, text: command.text, ...classify(command.code), ...directives });
      }
    } else if (body.some((text) => /^\s*curl\s/.test(text))) {
      throw new Error(`${file}:${firstLine + index}: a curl command in a \`\`\`${language || '(no language)'} block; shell commands go in \`\`\`sh blocks`);
    }
    directives = {};
    index = end;
  }
  return commands;
}

/** The `## heading` section of a Markdown file, with the line it starts on. */
export function markdownSection(markdown: string, heading: string): { text: string; firstLine: number } {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start === -1) throw new Error(`no "## ${heading}" section`);
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith('## ')) end++;
  return { text: lines.slice(start, end).join('\n'), firstLine: start + 1 };
}

function classify(code: string): Pick<GuideCommand, 'kind' | 'assigns'> {
  const assignment = /^(?:export\s+)?([A-Za-z_]\w*)=/.exec(code);
  const assigns = assignment ? { assigns: assignment[1]! } : {};
  if (/(^|[\s;|&(])curl\s/.test(code)) return { kind: 'request', ...assigns };
  return { kind: assignment ? 'assignment' : 'other', ...assigns };
}

interface SplitCommand {
  /** The line of the block (0-based) the command starts on. */
  line: number;
  text: string;
  /** The text without its comments. */
  code: string;
}

/**
 * Splits a shell block into commands. A command ends at a line break outside quotes and `$(…)`,
 * unless the line ends with `\`, `|`, `&&` or `||`. Comment-only lines are dropped.
 */
export function splitCommands(block: string): SplitCommand[] {
  const commands: SplitCommand[] = [];
  const stack: ('single' | 'double' | 'subshell')[] = [];
  let text = '';
  let code = '';
  let line = 0;
  let startLine = 0;
  const finish = () => {
    const trimmed = code.trim();
    if (trimmed !== '') commands.push({ line: startLine, text: text.replace(/\s+$/, ''), code: trimmed });
    text = '';
    code = '';
  };
  for (let i = 0; i < block.length; i++) {
    const char = block[i]!;
    const top = stack.at(-1);
    if (text === '' && code === '') startLine = line;
    if (char === '\n') line++;
    if (top === 'single') {
      if (char === "'") stack.pop();
      text += char;
      code += char;
      continue;
    }
    if (char === '\\' && i + 1 < block.length) {
      const next = block[++i]!;
      if (next === '\n') line++;
      text += char + next;
      code += char + next;
      continue;
    }
    if (top === 'double') {
      if (char === '"') stack.pop();
      else if (char === '$' && block[i + 1] === '(') {
        stack.push('subshell');
        text += '$(';
        code += '$(';
        i++;
        continue;
      }
      text += char;
      code += char;
      continue;
    }
    // At the top level or inside $(…).
    if (char === "'") stack.push('single');
    else if (char === '"') stack.push('double');
    else if (char === '(') stack.push('subshell');
    else if (char === ')' && top === 'subshell') stack.pop();
    else if (char === '#' && (code === '' || /\s$/.test(code))) {
      const end = block.indexOf('\n', i);
      const comment = end === -1 ? block.slice(i) : block.slice(i, end);
      text += comment;
      i += comment.length - 1;
      continue;
    } else if (char === '\n' && stack.length === 0 && !/(\||&&|\|\|)\s*$/.test(code)) {
      finish();
      continue;
    }
    text += char;
    code += char;
  }
  if (stack.length > 0) throw new Error(`unterminated ${stack.at(-1)} in:\n${block}`);
  finish();
  return commands;
}
