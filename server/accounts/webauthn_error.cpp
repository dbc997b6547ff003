#include "server/accounts/webauthn_error.hpp"

namespace crownhall::accounts {

std::string_view code(webauthn_error e) {
  switch (e) {
    case webauthn_error::malformed:
      return "webauthn_malformed";
    case webauthn_error::bad_type:
      return "webauthn_bad_type";
    case webauthn_error::bad_challenge:
      return "webauthn_bad_challenge";
    case webauthn_error::bad_origin:
      return "webauthn_bad_origin";
    case webauthn_error::bad_rp_id:
      return "webauthn_bad_rp_id";
    case webauthn_error::user_not_present:
      return "webauthn_user_not_present";
    case webauthn_error::user_not_verified:
      return "webauthn_user_not_verified";
    case webauthn_error::unsupported_algorithm:
      return "webauthn_unsupported_algorithm";
    case webauthn_error::bad_attestation:
      return "webauthn_bad_attestation";
    case webauthn_error::bad_signature:
      return "webauthn_bad_signature";
    case webauthn_error::counter_went_back:
      return "webauthn_counter_went_back";
    case webauthn_error::unknown_credential:
      return "webauthn_unknown_credential";
  }
  return "webauthn_malformed";
}

}  // namespace crownhall::accounts
