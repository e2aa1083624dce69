import { Readable } from 'node:stream';
import { aws } from '../../functions/lib/aws/clients';

/**
 * The process's DynamoDB client with its HTTP handler replaced by one that answers from memory:
 * everything of the SDK above the network (serialisation, signing, retries, parsing, the document
 * client's conversion) runs as in Lambda, and nothing is sent. `answer` gets the operation
 * (`GetItem`…) and the request's JSON text and answers DynamoDB's JSON (status 200 unless given).
 */
export interface DynamoAnswer {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

export type Answerer = (operation: string, body: string) => DynamoAnswer | Promise<DynamoAnswer>;

interface SdkRequest {
  headers: Record<string, string>;
  body?: unknown;
}

/** The bytes' text (the SDK's body is a Uint8Array that warns when read as a string). */
const text = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

export function answerDynamoFromMemory(answer: Answerer): void {
  const handler = {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: SdkRequest) {
      const operation = (request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const body = typeof request.body === 'string' ? request.body : text(request.body as Uint8Array);
      const answered = await answer(operation, body);
      const bytes = Buffer.from(answered.body, 'utf8');
      return {
        response: {
          statusCode: answered.status ?? 200,
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'content-length': String(bytes.length),
            ...answered.headers,
          },
          // What Node's HTTP client hands the SDK: a stream of the body.
          body: Readable.from([bytes]),
        },
      };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy() {},
  };
  aws.ddb.config.requestHandler = handler as unknown as typeof aws.ddb.config.requestHandler;
}

/** DynamoDB's error answer for `type` (e.g. `ConditionalCheckFailedException`). */
export const dynamoError = (type: string, status = 400, message = type): DynamoAnswer => ({
  status,
  body: JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message }),
});

/**
 * Every answer the process's DynamoDB client gets from the network, as it got it (the call still
 * goes out): what `answerDynamoFromMemory` can answer later without a server.
 */
export function recordDynamoAnswers(
  onAnswer: (operation: string, body: string, answer: Required<DynamoAnswer>) => void,
): void {
  const real = aws.ddb.config.requestHandler as unknown as {
    handle(request: SdkRequest, options?: unknown): Promise<{ response: RecordedResponse }>;
  };
  const handler = {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: SdkRequest, options?: unknown) {
      const operation = (request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const body = typeof request.body === 'string' ? request.body : text(request.body as Uint8Array);
      const { response } = await real.handle(request, options);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) headers[name] = String(value);
      onAnswer(operation, body, { status: response.statusCode, headers, body: bytes.toString('utf8') });
      return { response: { ...response, body: Readable.from([bytes]) } };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy: () => (real as unknown as { destroy(): void }).destroy(),
  };
  aws.ddb.config.requestHandler = handler as unknown as typeof aws.ddb.config.requestHandler;
}

interface RecordedResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: AsyncIterable<unknown>;
}
