/** The participant page's data, as the `studentDetail` query answers it (contract of issue 10). */

export interface StudentDevice {
  id: number;
  type: string | null;
  os_version: string | null;
  app_version: string | null;
  model_name: string | null;
  location_permission: boolean;
  bluetooth_permission: boolean;
  created_at: string;
  updated_at: string;
}

export interface StudentCourseStat {
  course: { id: number; uuid: string; title: string; start_time: string; end_time: string };
  apa: number | null;
  week_apa: number | null;
  attended: number;
  missed: number;
  last_attended: string | null;
  missed_streak: number;
}

export interface StudentEventRow {
  event: { id: number; uuid: string; title: string; date: string; start_time: string; end_time: string };
  in_waitlist: boolean;
  status: number | null;
}

export interface StudentExcuse {
  id: number;
  date: string;
  notes: string | null;
  attendable_id: number | null;
  attendable_type: string | null;
  attendable_title: string;
  created_at: string;
}

export interface StudentNow {
  attendable_type: string;
  attendable_uuid: string;
  title: string;
  start_time: string;
  end_time: string;
  status: number;
  enter: string | null;
  last_ping_at: string | null;
  location_name: string | null;
  inside: boolean | null;
}

/** The demographic and contact fields of spec section 3 that updateStudent takes. */
export interface StudentFields {
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  email: string | null;
  phone: string | null;
  school_identifier: string | null;
  age: number | null;
  pid_number: string | null;
  zip: string | null;
  date_of_birth: string | null;
  is_veteran: boolean | null;
  housing: string | null;
  employment: string | null;
  sexual_identity: string | null;
  gender: string | null;
  sex: string | null;
  race: string | null;
}

export interface StudentDetail extends StudentFields {
  id: number;
  uuid: string;
  deleted_at: string | null;
  last_seen: string | null;
  weekly_apa: number | null;
  semester_apa: number | null;
  token: string | null;
  offline_code: string | null;
  offline_code_uri: string | null;
  device: StudentDevice | null;
  /** a phone the student signed out of whose wait is not over (decision 0511) */
  signed_out_device: {
    id: number;
    type: string | null;
    model_name: string | null;
    signed_out_at: string | null;
  } | null;
  courses: { id: number; uuid: string; title: string }[];
  events: StudentEventRow[];
  excuses: StudentExcuse[];
  course_stats: StudentCourseStat[];
  now: StudentNow | null;
}

export interface SchoolInfo {
  id: number;
  timezone: string;
  warning_percentage: number;
}

export interface StudentNote {
  id: number;
  message: string;
  created_at: string;
  user: { id: number; first_name: string; last_name: string } | null;
}
