/** A large PAC request read on the worker pool (request.ts): the envelope and the CFDI's pure checks. */
import { prepareRequest, type PreparedRequest } from './request.ts';

export default function requestTask(input: { body: string; examinesCfdi: boolean }): PreparedRequest {
  return prepareRequest(input.body, input.examinesCfdi);
}
