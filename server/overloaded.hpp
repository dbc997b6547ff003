// One visitor from several lambdas, for std::visit.
#pragma once

namespace crownhall::server {

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>;

}  // namespace crownhall::server
