// Passkeys made and used by a real browser (Chromium's virtual authenticator, recorded by
// record_webauthn.mjs) verify, with every algorithm it offered: ES256, EdDSA and RS256.
#include <gtest/gtest.h>

#include "server/accounts/challenge_book.hpp"
#include "server/accounts/webauthn.hpp"
#include "tests/accounts/recordings.hpp"

namespace crownhall::accounts {
namespace {

using testing::load_recording;
using testing::recording;

class webauthn_recorded : public ::testing::TestWithParam<std::string> {};

TEST_P(webauthn_recorded, registration_yields_the_key_the_browser_made) {
  const recording r = load_recording(GetParam());
  const auto made = verify_registration(r.rp, r.registration, r.registration_challenge);
  ASSERT_TRUE(made) << code(made.error());
  EXPECT_EQ(made->credential_id, r.registration.credential_id);
  EXPECT_EQ(static_cast<std::int64_t>(made->algorithm), r.algorithm);
  EXPECT_EQ(made->attestation_format, r.oracle_format);
  EXPECT_EQ(made->sign_count, 1u);
  EXPECT_TRUE(made->user_verified);
}

TEST_P(webauthn_recorded, both_sign_ins_verify_and_count_as_the_oracle_counts) {
  const recording r = load_recording(GetParam());
  passkey stored = testing::stored_passkey(r);
  ASSERT_EQ(r.sign_ins.size(), 2u);
  for (const auto& s : r.sign_ins) {
    const auto signed_in = verify_sign_in(r.rp, s.response, s.challenge, &stored, "account-ada");
    ASSERT_TRUE(signed_in) << code(signed_in.error());
    EXPECT_EQ(signed_in->sign_count, s.oracle_counter);
    EXPECT_TRUE(signed_in->user_verified);
    stored.sign_count = signed_in->sign_count;
  }
}

// The ceremony as the server will run it: the challenge comes from the book, once.
TEST_P(webauthn_recorded, a_sign_in_replayed_finds_its_challenge_gone) {
  const recording r = load_recording(GetParam());
  const passkey stored = testing::stored_passkey(r);
  const auto& s = r.sign_ins.front();
  challenge_book book(60'000, 16, [&] { return s.challenge; });
  book.issue("sign-in page 1", 1000);

  const auto first =
      verify_sign_in(r.rp, s.response, book.take("sign-in page 1", 2000), &stored, "account-ada");
  ASSERT_TRUE(first) << code(first.error());
  const auto replayed =
      verify_sign_in(r.rp, s.response, book.take("sign-in page 1", 3000), &stored, "account-ada");
  ASSERT_FALSE(replayed);
  EXPECT_EQ(replayed.error(), webauthn_error::bad_challenge);
}

INSTANTIATE_TEST_SUITE_P(chromium, webauthn_recorded, ::testing::ValuesIn(testing::all_recordings),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace crownhall::accounts
