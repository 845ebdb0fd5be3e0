/**
 * Who answers for the SAT: the SAT itself, or the simulator standing in for it (test mode
 * always; live mode on a server with no live PAC or SAT address configured). Messages about a
 * status, a cancellation or a certificate name it, so that "not known" is never put in the SAT's
 * mouth when only the simulator was asked.
 */
export type SatAuthority = 'sat' | 'simulator';

/** `the SAT` or `the simulator` (`The …` to start a sentence). */
export function authorityName(authority: SatAuthority, sentenceStart = false): string {
  const name = authority === 'sat' ? 'the SAT' : 'the simulator';
  return sentenceStart ? `T${name.slice(1)}` : name;
}
