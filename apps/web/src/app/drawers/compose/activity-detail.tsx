import {
  ActivityDetail,
  type ActivityDetailProps,
} from '../../../features/activities/components/activity-detail.tsx';
import { ActivityCommonPartLink } from '../../../features/common-parts/components/activity-common-part-link.tsx';

/** The activity's detail with the link to its common parts (another area): loaded with the drawer. */
export function ActivityDetailWithCommonParts(props: Omit<ActivityDetailProps, 'CommonPartLink'>) {
  return <ActivityDetail {...props} CommonPartLink={ActivityCommonPartLink} />;
}
