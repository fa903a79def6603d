#include <doctest/doctest.h>
#include "ops/registry.hpp"
TEST_CASE("shape family placeholder builds") { CHECK(true); }
