#include "tests/accounts/recordings.hpp"

#include <cbor.h>
#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

#include <nlohmann/json.hpp>

#include "server/accounts/attestation.hpp"
#include "server/accounts/base64url.hpp"
#include "server/store/secret_hash.hpp"

namespace crownhall::accounts::testing {

namespace {

[[noreturn]] void give_up(const std::string& why) {
  std::fprintf(stderr, "recordings: %s\n", why.c_str());
  std::abort();
}

std::string bytes_of(const nlohmann::json& j) {
  auto b = base64url_decode(j.get<std::string>());
  if (!b) give_up("not base64url: " + j.get<std::string>());
  return *b;
}

// CDP hands the private key in standard base64; the URL-safe alphabet differs in two digits.
std::string bytes_of_base64(std::string text) {
  for (char& c : text) c = c == '+' ? '-' : c == '/' ? '_' : c;
  auto b = base64url_decode(text);
  if (!b) give_up("not base64");
  return *b;
}

cbor_item_t* text_item(std::string_view s) { return cbor_build_stringn(s.data(), s.size()); }
cbor_item_t* bytes_item(std::string_view s) {
  return cbor_build_bytestring(reinterpret_cast<cbor_data>(s.data()), s.size());
}
cbor_item_t* integer_item(std::int64_t v) {
  return v < 0 ? cbor_build_negint64(static_cast<std::uint64_t>(-1 - v))
               : cbor_build_uint64(static_cast<std::uint64_t>(v));
}

}  // namespace

recording load_recording(const std::string& name) {
  const std::string path = std::string(CROWNHALL_WEBAUTHN_RECORDINGS) + "/" + name + ".json";
  std::ifstream in(path);
  if (!in) give_up("cannot read " + path);
  const auto j = nlohmann::json::parse(in);
  recording r;
  r.name = name;
  r.rp.id = j.at("rp_id").get<std::string>();
  r.rp.origin = j.at("origin").get<std::string>();
  r.algorithm = j.at("algorithm").get<std::int64_t>();
  r.user_handle = bytes_of(j.at("user_handle"));
  const auto& reg = j.at("registration");
  r.registration_challenge = bytes_of(reg.at("challenge"));
  r.registration.credential_id = bytes_of(reg.at("response").at("rawId"));
  r.registration.client_data_json =
      bytes_of(reg.at("response").at("response").at("clientDataJSON"));
  r.registration.attestation_object =
      bytes_of(reg.at("response").at("response").at("attestationObject"));
  r.oracle_format = j.at("simplewebauthn").at("registration").at("fmt").get<std::string>();
  const auto& oracle = j.at("simplewebauthn").at("sign_ins");
  for (std::size_t i = 0; i < j.at("sign_ins").size(); ++i) {
    const auto& s = j.at("sign_ins")[i];
    const auto& resp = s.at("response").at("response");
    recorded_sign_in out;
    out.challenge = bytes_of(s.at("challenge"));
    out.response.credential_id = bytes_of(s.at("response").at("rawId"));
    out.response.client_data_json = bytes_of(resp.at("clientDataJSON"));
    out.response.authenticator_data = bytes_of(resp.at("authenticatorData"));
    out.response.signature = bytes_of(resp.at("signature"));
    if (!resp.at("userHandle").is_null())
      out.response.user_handle = bytes_of(resp.at("userHandle"));
    out.oracle_counter = oracle.at(i).at("counter").get<std::uint32_t>();
    r.sign_ins.push_back(std::move(out));
  }
  r.private_key_der = bytes_of_base64(j.at("private_key_pkcs8").get<std::string>());
  return r;
}

passkey stored_passkey(const recording& r) {
  auto made = verify_registration(r.rp, r.registration, r.registration_challenge);
  if (!made) give_up(r.name + ": the recorded registration does not verify");
  passkey p;
  p.credential_id = made->credential_id;
  p.account_id = "account-ada";
  p.user_handle = r.user_handle;
  p.public_key_cose = made->public_key_cose;
  p.sign_count = made->sign_count;
  return p;
}

std::string sign_as_authenticator(const recording& r, std::string_view message) {
  auto p = reinterpret_cast<const unsigned char*>(r.private_key_der.data());
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(
      d2i_AutoPrivateKey(nullptr, &p, static_cast<long>(r.private_key_der.size())), EVP_PKEY_free);
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!key || !ctx) give_up(r.name + ": unusable private key");
  const EVP_MD* digest = EVP_PKEY_is_a(key.get(), "ED25519") ? nullptr : EVP_sha256();
  const auto* msg = reinterpret_cast<const unsigned char*>(message.data());
  std::size_t size = 0;
  if (EVP_DigestSignInit(ctx.get(), nullptr, digest, nullptr, key.get()) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &size, msg, message.size()) != 1)
    give_up(r.name + ": cannot sign");
  std::string sig(size, '\0');
  if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(sig.data()), &size, msg,
                     message.size()) != 1)
    give_up(r.name + ": cannot sign");
  sig.resize(size);
  return sig;
}

sign_in_response forged_sign_in(const recording& r, const sign_in_response& base,
                                std::string client_data_json, std::string authenticator_data) {
  sign_in_response out = base;
  out.client_data_json = std::move(client_data_json);
  out.authenticator_data = std::move(authenticator_data);
  out.signature =
      sign_as_authenticator(r, out.authenticator_data + sha256_bytes(out.client_data_json));
  return out;
}

std::string with_flags(std::string auth_data, std::uint8_t flags) {
  auth_data[32] = static_cast<char>(flags);
  return auth_data;
}

std::string with_sign_count(std::string auth_data, std::uint32_t count) {
  for (int i = 0; i < 4; ++i) auth_data[33 + i] = static_cast<char>(count >> (24 - 8 * i));
  return auth_data;
}

std::string with_rp_id(std::string auth_data, std::string_view rp_id) {
  return auth_data.replace(0, 32, sha256_bytes(rp_id));
}

std::string attestation_object_of(std::string_view format, std::string_view auth_data,
                                  std::int64_t statement_alg, std::string_view signature) {
  cbor_item_t* statement = cbor_new_definite_map(2);
  if (statement_alg != 0)
    cbor_map_add(statement, {cbor_move(text_item("alg")), cbor_move(integer_item(statement_alg))});
  if (!signature.empty())
    cbor_map_add(statement, {cbor_move(text_item("sig")), cbor_move(bytes_item(signature))});
  cbor_item_t* object = cbor_new_definite_map(3);
  cbor_map_add(object, {cbor_move(text_item("fmt")), cbor_move(text_item(format))});
  cbor_map_add(object, {cbor_move(text_item("attStmt")), cbor_move(statement)});
  cbor_map_add(object, {cbor_move(text_item("authData")), cbor_move(bytes_item(auth_data))});
  unsigned char* buffer = nullptr;
  std::size_t allocated = 0;
  const std::size_t size = cbor_serialize_alloc(object, &buffer, &allocated);
  std::string out(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  cbor_decref(&object);
  return out;
}

std::string registration_auth_data(const recording& r) {
  auto object = parse_attestation_object(r.registration.attestation_object);
  if (!object) give_up(r.name + ": the recorded attestation object does not parse");
  return object->auth_data;
}

std::string sha256_bytes(std::string_view bytes) {
  const auto d = store::secret_hash::of(bytes).bytes();
  return std::string(d.begin(), d.end());
}

}  // namespace crownhall::accounts::testing
