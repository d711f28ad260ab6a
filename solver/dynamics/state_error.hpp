#pragma once
// Raised when a step would put a non-finite number (NaN, inf) into the particle state. Inputs are
// validated at the boundary (InputError), so this means the dynamics itself blew up (typically an
// unstable time step or a degenerate configuration); the message names the particle and the step.
// The check runs before the new values are stored, so the state never holds a NaN.

#include <stdexcept>
#include <string>

namespace lawcheck {

class StateError : public std::runtime_error {
public:
  explicit StateError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace lawcheck
