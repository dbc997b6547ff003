// account_store: accounts, their passkeys and password hashes, and the WebAuthn challenges
// of ceremonies in progress, as the store keeps them (docs/accounts.md, "What is stored").
// Reached through table_store::accounts(); both stores implement it on their own
// connection. The store keeps rows only: whether a name, a passkey or a password is good is
// the accounts library's to say (server/accounts/).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/table_store.hpp"

namespace crownhall::store {

// An account is made from a guest and keeps the guest's player id, so History carries over.
struct account_entry {
  std::string player_id;  // the key
  std::string name;       // as shown
  // Unique: what makes two names "the same" (case, look-alike letters) is the accounts
  // library's rule, so the caller gives the key and the store only compares it byte for byte.
  std::string name_key;
  millis created_at_ms = 0;
  friend bool operator==(const account_entry&, const account_entry&) = default;
};

// A passkey as registration made it (accounts::new_passkey) and sign-ins keep it up to date.
// Byte fields are bytes in std::string, as the WebAuthn library has them.
struct passkey_entry {
  std::string credential_id;  // the key: the browser names the passkey by it
  std::string player_id;      // the account it signs into
  std::string user_handle;    // the user.id given to the browser (random, not the name)
  std::string public_key;     // COSE, byte for byte as the authenticator sent it
  int algorithm = 0;          // its COSE algorithm (-7 ES256, -8 EdDSA, -257 RS256)
  std::uint32_t sign_count = 0;
  std::array<std::uint8_t, 16> aaguid{};  // the authenticator's model
  bool backup_eligible = false;           // a synced passkey (a password manager's)
  bool backed_up = false;
  millis created_at_ms = 0;
  millis last_used_ms = 0;
  friend bool operator==(const passkey_entry&, const passkey_entry&) = default;
};

// The challenge of one WebAuthn ceremony, kept in the store rather than in a node's memory
// so that a ceremony begun on one node can end on another.
struct challenge_entry {
  std::string owner;      // who may answer it: a session making a passkey, a sign-in page
  std::string challenge;  // bytes
  millis issued_at_ms = 0;
  millis expires_at_ms = 0;  // answerable up to and including this moment
};

// Every function is safe to call from any thread, and returns once its write is durable, as
// table_store's do.
class account_store {
 public:
  virtual ~account_store() = default;

  // False when the player has an account already or `name_key` is another's.
  virtual result<bool> create_account(const account_entry& account) = 0;
  virtual result<std::optional<account_entry>> find_account(const std::string& player_id) = 0;
  virtual result<std::optional<account_entry>> find_account_by_name(
      const std::string& name_key) = 0;
  // False when `name_key` is another account's, or the player has no account.
  virtual result<bool> rename_account(const std::string& player_id, const std::string& name,
                                      const std::string& name_key) = 0;
  // Removes the account with its passkeys and password hash, in one transaction; its name
  // is free again. False when the player had no account.
  virtual result<bool> delete_account(const std::string& player_id) = 0;

  // False when the credential id is stored already, or the player has no account (deleted
  // meanwhile, perhaps on another node: a passkey never outlives its account).
  virtual result<bool> add_passkey(const passkey_entry& passkey) = 0;
  virtual result<std::optional<passkey_entry>> find_passkey(std::string_view credential_id) = 0;
  // A player's passkeys, oldest first.
  virtual result<std::vector<passkey_entry>> list_passkeys(const std::string& player_id) = 0;
  // A sign-in with the passkey: its new signature counter and backup state. False when there
  // is no such passkey, or when its stored counter is not below `sign_count` any more (both
  // 0: an authenticator that keeps none): two sign-ins with the same counter, racing on two
  // nodes after each checked the old one, record one use, not two.
  virtual result<bool> record_passkey_use(std::string_view credential_id, std::uint32_t sign_count,
                                          bool backed_up, millis at_ms) = 0;
  // False unless the passkey exists and is this player's.
  virtual result<bool> remove_passkey(std::string_view credential_id,
                                      const std::string& player_id) = 0;

  // Sets or replaces the player's password hash (argon2id's string, salt and parameters in
  // it). False when the player has no account.
  virtual result<bool> set_password_hash(const std::string& player_id, const std::string& hash,
                                         millis at_ms) = 0;
  virtual result<std::optional<std::string>> find_password_hash(const std::string& player_id) = 0;
  // False when the player had none.
  virtual result<bool> remove_password_hash(const std::string& player_id) = 0;

  // Keeps a challenge, replacing its owner's previous one: only the latest ceremony can be
  // answered (as accounts::challenge_book).
  virtual status put_challenge(const challenge_entry& challenge) = 0;
  // The owner's challenge, removed in the same statement, so that of two takes racing (on
  // two nodes) one at most has it. nullopt when none was put, it expired before `now_ms`, or
  // it was taken already (a replayed payload).
  virtual result<std::optional<std::string>> take_challenge(const std::string& owner,
                                                            millis now_ms) = 0;
  // Forgets every challenge expired before `now_ms`; returns how many.
  virtual result<std::size_t> forget_expired_challenges(millis now_ms) = 0;
};

}  // namespace crownhall::store
