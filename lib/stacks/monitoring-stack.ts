import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';

export interface MonitoringStackProps extends StackProps {
  config: StageConfig;
}

/**
 * The alarm topic, deployed first so that every other stack can alarm into it. The alarms themselves live
 * beside what they watch: gathering them here would export one value per Lambda from the API stack, and
 * CloudFormation refuses to remove an export that another stack still imports.
 */
export class MonitoringStack extends Stack {
  readonly alarmTopic: ITopic;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    // A customer-managed key, because CloudWatch cannot publish to a topic encrypted with the AWS-managed key.
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the Loreweaver alarm topic',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: `Loreweaver ${props.config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.config.alarmEmail) topic.addSubscription(new EmailSubscription(props.config.alarmEmail));
    this.alarmTopic = topic;

    new CfnOutput(this, 'AlarmTopicArn', {
      value: topic.topicArn,
      description: 'Subscribe on-call addresses or chat integrations here',
    });
  }
}
