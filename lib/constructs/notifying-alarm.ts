import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface NotifyingAlarmProps {
  /** Summed over five-minute periods unless the metric says otherwise. */
  metric: IMetric;
  /** The alarm fires when one period reaches this value. Defaults to 1: for a small service, any failure is news. */
  threshold?: number;
  description: string;
  /** Where the alarm (and its recovery) is announced. */
  topic: ITopic;
}

/**
 * An alarm that notifies the operators' topic when it fires and when it recovers.
 *
 * Defaults: one five-minute period at or above the threshold (1 unless given) fires it; periods with no data
 * count as healthy, because an idle service publishes no error metrics at all.
 */
export class NotifyingAlarm extends Alarm {
  constructor(scope: Construct, id: string, props: NotifyingAlarmProps) {
    super(scope, id, {
      metric: props.metric,
      threshold: props.threshold ?? 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: props.description,
    });
    const action = new SnsAction(props.topic);
    this.addAlarmAction(action);
    this.addOkAction(action);
  }
}

/** The period every alarm metric is aggregated over. */
export const ALARM_PERIOD = Duration.minutes(5);
