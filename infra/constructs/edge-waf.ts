import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { API_PREFIX } from '../../functions/routes';

/**
 * The WAF web ACL in front of CloudFront (scope CLOUDFRONT, so it must live in us-east-1: see
 * infra/stacks/edge-stack.ts). It protects the API as well: WAF cannot attach to an HTTP API, so the
 * API is reached through CloudFront only (its execute-api endpoint is disabled when it has a domain
 * of its own, see infra/constructs/api.ts).
 *
 * - AWS managed rules: the common rule set (with the body size rule counting only, as book uploads
 *   of up to 6 MB go through the API) and known bad inputs (Log4j, Java deserialisation, …);
 * - a rate-based rule on the sign-in, sign-up and password-reset routes, per client address;
 * - a looser rate-based rule on everything, per client address.
 */
export const AUTH_RATE_LIMIT_PER_5_MIN = 100;
export const GLOBAL_RATE_LIMIT_PER_5_MIN = 3000;

export class EdgeWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { name: string }) {
    super(scope, id);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (
      priority: number,
      name: string,
      ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(ruleActionOverrides ? { ruleActionOverrides } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: props.name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      rules: [
        {
          name: 'AuthRateLimit',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: AUTH_RATE_LIMIT_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: `${API_PREFIX}/auth/`,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('AuthRateLimit'),
        },
        {
          name: 'GlobalRateLimit',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: GLOBAL_RATE_LIMIT_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('GlobalRateLimit'),
        },
        managed(2, 'AWSManagedRulesCommonRuleSet', [
          { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
        ]),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
  }
}
