import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { appTable } from '../definitions';

/** The table and the buckets, from the definitions the local runtime also uses. */
export class Data extends Construct {
  readonly table: dynamodb.TableV2;
  readonly mediaBucket: s3.Bucket;
  readonly uploadsBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: appTable.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: appTable.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: appTable.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
      })),
    });

    // Server access logs of the other buckets and CloudFront logs (which need object ACLs).
    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const privateBucket = (name: string, extra: Partial<s3.BucketProps> = {}) =>
      new s3.Bucket(this, name, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        serverAccessLogsBucket: this.logsBucket,
        serverAccessLogsPrefix: `${name.toLowerCase()}/`,
        removalPolicy: RemovalPolicy.RETAIN,
        ...extra,
      });

    // Merge studio results and previews are kept 24 hours (spec 3 §9); S3 expires by whole days.
    this.mediaBucket = privateBucket('MediaBucket', {
      lifecycleRules: [{ id: 'ExpireMergeResults', prefix: 'media/merge/', expiration: Duration.days(1) }],
    });
    // CORS of the uploads bucket names the app's origin, known once the distribution exists: it is
    // set by infra/constructs/web.ts. Uploads that were never taken by a book expire after a day.
    this.uploadsBucket = privateBucket('UploadsBucket', {
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'ExpireUntakenUploads', prefix: 'incoming/', expiration: Duration.days(1) },
        // Merge studio uploads are kept 24 hours (spec 3 §9).
        { id: 'ExpireMergeUploads', prefix: 'merge/', expiration: Duration.days(1) },
      ],
    });
  }
}
