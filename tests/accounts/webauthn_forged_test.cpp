// Payloads a browser did not send, or sent for someone else: each refused with its own code.
// Those that change what the authenticator signs are signed anew with the recorded key, so
// the check under test is the one that refuses them, not the signature.
#include <gtest/gtest.h>

#include "server/accounts/authenticator_data.hpp"
#include "server/accounts/base64url.hpp"
#include "server/accounts/webauthn.hpp"
#include "tests/accounts/recordings.hpp"

namespace crownhall::accounts {
namespace {

using testing::load_recording;
using testing::recording;

constexpr std::uint8_t up = authenticator_data::user_present_flag;
constexpr std::uint8_t uv = authenticator_data::user_verified_flag;

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

class webauthn_forged : public ::testing::Test {
 protected:
  recording r = load_recording("es256_none");
  passkey stored = testing::stored_passkey(r);
  const testing::recorded_sign_in& first = r.sign_ins.front();

  webauthn_error sign_in_refusal(const sign_in_response& response) const {
    const auto result = verify_sign_in(r.rp, response, first.challenge, &stored, "account-ada");
    EXPECT_FALSE(result) << "accepted";
    return result ? webauthn_error{} : result.error();
  }
  webauthn_error registration_refusal(const registration_response& response) const {
    const auto result = verify_registration(r.rp, response, r.registration_challenge);
    EXPECT_FALSE(result) << "accepted";
    return result ? webauthn_error{} : result.error();
  }
  sign_in_response resigned(std::string client_data, std::string auth_data) const {
    return testing::forged_sign_in(r, first.response, std::move(client_data), std::move(auth_data));
  }
};

TEST_F(webauthn_forged, the_resigning_itself_is_accepted) {
  // Without it, every refusal below could be the new signature's fault.
  const auto ok = verify_sign_in(
      r.rp, resigned(first.response.client_data_json, first.response.authenticator_data),
      first.challenge, &stored, "account-ada");
  EXPECT_TRUE(ok) << code(ok.error());
}

TEST_F(webauthn_forged, a_phishing_page_is_refused_as_bad_origin) {
  relying_party elsewhere = r.rp;
  elsewhere.origin = "https://cards.example.org";
  auto reg = verify_registration(elsewhere, r.registration, r.registration_challenge);
  ASSERT_FALSE(reg);
  EXPECT_EQ(reg.error(), webauthn_error::bad_origin);

  const std::string phished =
      replace_all(first.response.client_data_json, r.rp.origin, "http://evil.localhost:8080");
  EXPECT_EQ(sign_in_refusal(resigned(phished, first.response.authenticator_data)),
            webauthn_error::bad_origin);
}

TEST_F(webauthn_forged, our_page_inside_another_sites_frame_is_refused_as_bad_origin) {
  const std::string framed =
      replace_all(first.response.client_data_json, "\"crossOrigin\":false", "\"crossOrigin\":true");
  ASSERT_NE(framed, first.response.client_data_json);
  EXPECT_EQ(sign_in_refusal(resigned(framed, first.response.authenticator_data)),
            webauthn_error::bad_origin);
}

TEST_F(webauthn_forged, another_relying_partys_passkey_is_refused_as_bad_rp_id) {
  relying_party elsewhere = r.rp;
  elsewhere.id = "cards.example.org";
  auto reg = verify_registration(elsewhere, r.registration, r.registration_challenge);
  ASSERT_FALSE(reg);
  EXPECT_EQ(reg.error(), webauthn_error::bad_rp_id);

  EXPECT_EQ(sign_in_refusal(
                resigned(first.response.client_data_json,
                         testing::with_rp_id(first.response.authenticator_data, "evil.example"))),
            webauthn_error::bad_rp_id);
}

TEST_F(webauthn_forged, another_challenge_or_none_is_refused_as_bad_challenge) {
  EXPECT_EQ(
      verify_sign_in(r.rp, first.response, r.sign_ins[1].challenge, &stored, "account-ada").error(),
      webauthn_error::bad_challenge);
  EXPECT_EQ(verify_sign_in(r.rp, first.response, "", &stored, "account-ada").error(),
            webauthn_error::bad_challenge);
  EXPECT_EQ(verify_registration(r.rp, r.registration, first.challenge).error(),
            webauthn_error::bad_challenge);
}

TEST_F(webauthn_forged, a_payload_with_an_empty_challenge_does_not_answer_no_challenge) {
  // A server that gave out nothing (or whose challenge was taken already) has "" to expect.
  const std::string blank =
      replace_all(first.response.client_data_json, base64url_encode(first.challenge), "");
  ASSERT_NE(blank, first.response.client_data_json);
  const auto result = verify_sign_in(r.rp, resigned(blank, first.response.authenticator_data), "",
                                     &stored, "account-ada");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error(), webauthn_error::bad_challenge);
}

TEST_F(webauthn_forged, a_registration_offered_as_a_sign_in_is_refused_as_bad_type) {
  sign_in_response swapped = first.response;
  swapped.client_data_json = r.registration.client_data_json;
  EXPECT_EQ(verify_sign_in(r.rp, swapped, r.registration_challenge, &stored, "account-ada").error(),
            webauthn_error::bad_type);
}

TEST_F(webauthn_forged, flags_without_the_person_are_refused) {
  const std::string& data = first.response.authenticator_data;
  const auto flags = static_cast<std::uint8_t>(data[32]);
  EXPECT_EQ(sign_in_refusal(
                resigned(first.response.client_data_json, testing::with_flags(data, flags & ~up))),
            webauthn_error::user_not_present);
  const auto unverified =
      resigned(first.response.client_data_json, testing::with_flags(data, flags & ~uv));
  EXPECT_EQ(sign_in_refusal(unverified), webauthn_error::user_not_verified);
  // A host that asks only for presence accepts it.
  relying_party presence_only = r.rp;
  presence_only.require_user_verification = false;
  EXPECT_TRUE(verify_sign_in(presence_only, unverified, first.challenge, &stored, "account-ada"));
}

TEST_F(webauthn_forged, a_counter_that_did_not_increase_is_refused) {
  stored.sign_count = 3;  // the authenticator signed with 2: a copy of it is in use
  EXPECT_EQ(sign_in_refusal(first.response), webauthn_error::counter_went_back);
  stored.sign_count = 2;  // the same count twice
  EXPECT_EQ(sign_in_refusal(first.response), webauthn_error::counter_went_back);
  // An authenticator that keeps no counter says 0 every time, and that is allowed.
  stored.sign_count = 0;
  const auto no_counter = resigned(first.response.client_data_json,
                                   testing::with_sign_count(first.response.authenticator_data, 0));
  EXPECT_TRUE(verify_sign_in(r.rp, no_counter, first.challenge, &stored, "account-ada"));
  stored.sign_count = 5;  // but not once it has counted
  EXPECT_EQ(sign_in_refusal(no_counter), webauthn_error::counter_went_back);
}

TEST_F(webauthn_forged, a_passkey_of_another_account_is_refused_as_unknown) {
  EXPECT_EQ(verify_sign_in(r.rp, first.response, first.challenge, &stored, "account-bob").error(),
            webauthn_error::unknown_credential);
  EXPECT_EQ(verify_sign_in(r.rp, first.response, first.challenge, nullptr, "account-ada").error(),
            webauthn_error::unknown_credential);
  sign_in_response other_user = first.response;
  other_user.user_handle = "someone else's handle";
  EXPECT_EQ(sign_in_refusal(other_user), webauthn_error::unknown_credential);
  sign_in_response other_id = first.response;
  other_id.credential_id[0] ^= 1;
  EXPECT_EQ(sign_in_refusal(other_id), webauthn_error::unknown_credential);
}

TEST_F(webauthn_forged, malformed_client_data_is_refused) {
  sign_in_response broken = first.response;
  broken.client_data_json = "{\"type\":\"webauthn.get\"";
  EXPECT_EQ(sign_in_refusal(broken), webauthn_error::malformed);
  broken.client_data_json = R"({"type":"webauthn.get","challenge":"not base64url!","origin":"x"})";
  EXPECT_EQ(sign_in_refusal(broken), webauthn_error::malformed);
}

TEST_F(webauthn_forged, truncated_authenticator_data_is_refused_as_malformed) {
  const std::string& data = first.response.authenticator_data;
  EXPECT_EQ(sign_in_refusal(resigned(first.response.client_data_json, data.substr(0, 36))),
            webauthn_error::malformed);
  // One byte too many, with no extensions flagged.
  EXPECT_EQ(sign_in_refusal(resigned(first.response.client_data_json, data + '\0')),
            webauthn_error::malformed);

  // A registration's data cut inside the new key.
  const std::string reg_data = testing::registration_auth_data(r);
  registration_response cut = r.registration;
  cut.attestation_object =
      testing::attestation_object_of("none", reg_data.substr(0, reg_data.size() - 5), 0, "");
  EXPECT_EQ(registration_refusal(cut), webauthn_error::malformed);
}

TEST_F(webauthn_forged, malformed_cbor_is_refused) {
  const std::string& object = r.registration.attestation_object;
  for (const std::string& bad :
       {object.substr(0, object.size() - 1), object + '\0', std::string("\xa3\x63\x66\x6d"),
        std::string("not cbor"), std::string(),
        // An array claiming 2^63 entries, and one nested past any attestation's depth.
        std::string("\x9b\x7f\xff\xff\xff\xff\xff\xff\xff", 9), std::string(5000, '\x81') + '\0',
        // Valid CBOR, but an array where the object is a map.
        std::string("\x80", 1)}) {
    registration_response broken = r.registration;
    broken.attestation_object = bad;
    EXPECT_EQ(registration_refusal(broken), webauthn_error::malformed) << bad.size() << " bytes";
  }
}

TEST_F(webauthn_forged, a_flipped_byte_is_refused_as_bad_signature) {
  for (const auto& name : testing::all_recordings) {
    const recording other = load_recording(name);
    const passkey key = testing::stored_passkey(other);
    const auto& s = other.sign_ins.front();
    sign_in_response flipped = s.response;
    flipped.signature[flipped.signature.size() / 2] ^= 0x01;
    EXPECT_EQ(verify_sign_in(other.rp, flipped, s.challenge, &key, "account-ada").error(),
              webauthn_error::bad_signature)
        << name;
    // The counter is signed too: raising it by hand does not pass.
    sign_in_response raised = s.response;
    raised.authenticator_data = testing::with_sign_count(raised.authenticator_data, 1000);
    EXPECT_EQ(verify_sign_in(other.rp, raised, s.challenge, &key, "account-ada").error(),
              webauthn_error::bad_signature)
        << name;
  }
}

TEST_F(webauthn_forged, a_sign_in_with_another_passkeys_key_is_refused_as_bad_signature) {
  const recording eddsa = load_recording("eddsa_none");
  passkey wrong_key = stored;
  wrong_key.public_key_cose = testing::stored_passkey(eddsa).public_key_cose;
  EXPECT_EQ(
      verify_sign_in(r.rp, first.response, first.challenge, &wrong_key, "account-ada").error(),
      webauthn_error::bad_signature);
}

TEST_F(webauthn_forged, packed_self_attestation_is_checked_with_the_new_key) {
  const std::string data = testing::registration_auth_data(r);
  const std::string signed_part = data + testing::sha256_bytes(r.registration.client_data_json);
  registration_response self = r.registration;
  self.attestation_object = testing::attestation_object_of(
      "packed", data, -7, testing::sign_as_authenticator(r, signed_part));
  const auto made = verify_registration(r.rp, self, r.registration_challenge);
  ASSERT_TRUE(made) << code(made.error());
  EXPECT_EQ(made->attestation_format, "packed");

  std::string bad_sig = testing::sign_as_authenticator(r, signed_part);
  bad_sig[bad_sig.size() / 2] ^= 0x01;
  self.attestation_object = testing::attestation_object_of("packed", data, -7, bad_sig);
  EXPECT_EQ(registration_refusal(self), webauthn_error::bad_attestation);
  // Signed as EdDSA while the key is ES256.
  self.attestation_object = testing::attestation_object_of(
      "packed", data, -8, testing::sign_as_authenticator(r, signed_part));
  EXPECT_EQ(registration_refusal(self), webauthn_error::bad_attestation);
}

TEST_F(webauthn_forged, the_recorded_packed_certificate_must_sign_this_registration) {
  const recording packed = load_recording("es256_packed");
  registration_response other_client_data = packed.registration;
  // The same attestation over another registration's client data (its challenge adjusted).
  other_client_data.client_data_json =
      replace_all(r.registration.client_data_json, r.rp.origin, packed.rp.origin);
  const auto result = verify_registration(packed.rp, other_client_data, r.registration_challenge);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error(), webauthn_error::bad_attestation);
}

TEST_F(webauthn_forged, unknown_or_padded_attestation_formats_are_refused) {
  const std::string data = testing::registration_auth_data(r);
  registration_response other = r.registration;
  other.attestation_object = testing::attestation_object_of("tpm", data, -7, "sig");
  EXPECT_EQ(registration_refusal(other), webauthn_error::bad_attestation);
  other.attestation_object = testing::attestation_object_of("none", data, -7, "");
  EXPECT_EQ(registration_refusal(other), webauthn_error::bad_attestation);
}

}  // namespace
}  // namespace crownhall::accounts
