#pragma once
// lawcheck's built-in contact laws, one list for everything that enumerates them: the command line
// (reports/cli/law_registry.hpp: names, specs, dispatch) and the benchmarks
// (benchmarks/builtin_law_benchmarks.cpp: every law's kernel and contact step). A law added here is
// listed, dispatched and benchmarked without another edit.

#include <tuple>

#include "laws/exudyn_law.hpp"
#include "laws/hertz_mindlin_law.hpp"
#include "laws/ice_law.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck {

using BuiltinLaws =
    std::tuple<LinearCoulombLaw<double>, LinEl6Law<double>, IceLaw<double>, ExudynLaw<double>, HertzMindlinLaw<double>>;

}  // namespace lawcheck
