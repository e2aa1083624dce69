import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { aws } from './clients';
import { config } from '../config';
import { appOriginsOf } from '../return-urls';

let cached: string | undefined;

/**
 * Base URL of the web app, for links in emails. Locally it is set in APP_URL. In the cloud it is
 * published to SSM after the CloudFront distribution exists (passing it as an environment variable
 * would make the user pool, its trigger and the distribution depend on each other).
 */
export async function getAppUrl(): Promise<string> {
  if (cached) return cached;
  if (config.appUrl) return (cached = config.appUrl.replace(/\/$/, ''));
  const name = config.appUrlParameter;
  if (!name) return '';
  const { Parameter } = await aws.ssm.send(new GetParameterCommand({ Name: name }));
  cached = (Parameter?.Value ?? '').replace(/\/$/, '');
  return cached;
}

/** The origins of the app's pages: its URL's, and the other origins it is served from (APP_ORIGINS). */
export async function getAppOrigins(): Promise<string[]> {
  return appOriginsOf(await getAppUrl(), config.appOrigins);
}
