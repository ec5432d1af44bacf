import { graphql } from "../../gql/index.ts";

/** The signed-in user's own fields for /Profile (me: every role may read it). */
export const ProfileDocument = graphql(`
  query profile {
    me {
      id
      first_name
      last_name
      email
      pending_email
      phone_number
      higher_contrast
      a11y_mode
      prefers_sms
      late_email
      absent_email
      tardy_absent_email
      pindrop_email
      daily_recap_email
      weekly_startup_email
      weekly_recap_email
      alert_filter
      role {
        id
        display_name
      }
    }
  }
`);

export const UpdateProfileDocument = graphql(`
  mutation updateProfile($first_name: String, $last_name: String, $email: String, $phone_number: String, $higher_contrast: Boolean, $a11y_mode: Boolean) {
    updateProfile(first_name: $first_name, last_name: $last_name, email: $email, phone_number: $phone_number, higher_contrast: $higher_contrast, a11y_mode: $a11y_mode) {
      id
      higher_contrast
      a11y_mode
    }
  }
`);

export const UpdatePasswordDocument = graphql(`
  mutation updateOwnPassword($user_id: Int!, $current_password: String!, $new_password: String!) {
    updatePassword(user_id: $user_id, current_password: $current_password, new_password: $new_password)
  }
`);
