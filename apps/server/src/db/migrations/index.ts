import type { Migration } from 'kysely';
import * as m0001 from './0001_control.ts';
import * as m0002 from './0002_people.ts';
import * as m0003 from './0003_condominiums.ts';
import * as m0004 from './0004_activities.ts';
import * as m0005 from './0005_auth_extra.ts';
import * as m0006 from './0006_rate_limits.ts';
import * as m0007 from './0007_list_indexes.ts';
import * as m0008 from './0008_search_terms.ts';
import * as m0009 from './0009_people_search_walk.ts';
import * as m0010 from './0010_activity_facets.ts';
import * as m0011 from './0011_people_prefix_index.ts';
import * as m0012 from './0012_activity_priority_counters.ts';
import * as m0013 from './0013_closed_window_index.ts';
import * as m0014 from './0014_closed_window_indexes.ts';
import * as m0015 from './0015_people_longer_prefixes.ts';
import * as m0016 from './0016_closed_by_day.ts';
import * as m0017 from './0017_activity_filter_counters.ts';
import * as m0018 from './0018_people_word_starts.ts';
import * as m0019 from './0019_activity_open_words.ts';
import * as m0020 from './0020_activity_list_json.ts';
import * as m0023 from './0023_login_throttle.ts';
import * as m0025 from './0025_activity_list_json_removed.ts';
import * as m0026 from './0026_postgres_search_vectors.ts';
import * as m0027 from './0027_postgres_activity_search.ts';
import * as m0028 from './0028_postgres_open_search_walk.ts';
import * as m0040 from './0040_common_part_services.ts';
import * as m0050 from './0050_instalments.ts';
import * as m0060 from './0060_attachments.ts';
import * as m0070 from './0070_condominium_filter_indexes.ts';
import * as m0071 from './0071_registry_search_indexes.ts';
import * as m0072 from './0072_postgres_registry_search_vectors.ts';
import * as m0080 from './0080_idempotent_requests.ts';
import * as m0090 from './0090_search_phones.ts';
import * as m0110 from './0110_record_history.ts';
import * as m0120 from './0120_registry_word_starts.ts';
import * as m0130 from './0130_postgres_people_word_starts.ts';
import * as m0140 from './0140_postgres_state_priority_statistics.ts';

/** Every schema migration, in order. Names sort lexicographically. */
export const migrations: Record<string, Migration> = {
  '0001_control': m0001,
  '0002_people': m0002,
  '0003_condominiums': m0003,
  '0004_activities': m0004,
  '0005_auth_extra': m0005,
  '0006_rate_limits': m0006,
  '0007_list_indexes': m0007,
  '0008_search_terms': m0008,
  '0009_people_search_walk': m0009,
  '0010_activity_facets': m0010,
  '0011_people_prefix_index': m0011,
  '0012_activity_priority_counters': m0012,
  '0013_closed_window_index': m0013,
  '0014_closed_window_indexes': m0014,
  '0015_people_longer_prefixes': m0015,
  '0016_closed_by_day': m0016,
  '0017_activity_filter_counters': m0017,
  '0018_people_word_starts': m0018,
  '0019_activity_open_words': m0019,
  '0020_activity_list_json': m0020,
  '0023_login_throttle': m0023,
  '0025_activity_list_json_removed': m0025,
  '0026_postgres_search_vectors': m0026,
  '0027_postgres_activity_search': m0027,
  '0028_postgres_open_search_walk': m0028,
  '0040_common_part_services': m0040,
  '0050_instalments': m0050,
  '0060_attachments': m0060,
  '0070_condominium_filter_indexes': m0070,
  '0071_registry_search_indexes': m0071,
  '0072_postgres_registry_search_vectors': m0072,
  '0080_idempotent_requests': m0080,
  '0090_search_phones': m0090,
  '0110_record_history': m0110,
  '0120_registry_word_starts': m0120,
  '0130_postgres_people_word_starts': m0130,
  '0140_postgres_state_priority_statistics': m0140,
};
