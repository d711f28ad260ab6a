# Hardened scenes and impacts: nothing passes through anything at exit 0, no energy is created
# unseen, accuracy is stated, numbers and messages follow docs/formats.md and docs/cli.md. One test
# per finding, each well under a second (labels robustness and cli: they run the program).
# Included from reports/tests/CMakeLists.txt, after lawcheck_robustness_test's ${expect}.
set(hard ${CMAKE_CURRENT_BINARY_DIR}/hardening)
function(lawcheck_hardening_test name code pattern)
  add_test(NAME ${name} COMMAND ${expect} ${code} --stderr ${pattern} $<TARGET_FILE:lawcheck> ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS "reports;robustness;cli" TIMEOUT 20)
endfunction()

# Walls and passage (reports/cli/passage_guard.hpp). A 1 cm sphere at 300 m/s onto a floor of
# young 1e7: with a two-sided wall it crossed the plane and ended at z = -2.9 m at exit 0.
file(WRITE ${hard}/fall_through_wall.json [[{"materials": {"m": {"young": 1e7}}, "gravity": [0, 0, -9.81],
  "bodies": [{"id": "ball", "sphere": {"radius": 0.01}, "material": "m", "position": [0, 0, 0.05], "velocity": [0, 0, -300]},
             {"id": "floor", "wall": {"axis": "z", "position": 0}, "material": "m"}], "duration": 0.01}]])
lawcheck_hardening_test(Cli.Hardening.ASphereFallingThroughAWallEndsTheRunNamingBothBodiesTheStepAndTheTime 1
  "body \"ball\" passed through wall \"floor\" in step [0-9]+ \\(t = [0-9.e-]+ s" run ${hard}/fall_through_wall.json)
# A centre below a floor (free side "+", the default): it was pushed down through the plane.
file(WRITE ${hard}/centre_below_wall.json [[{"materials": {"m": {"young": 1e7}}, "gravity": [0, 0, -9.81],
  "bodies": [{"id": "ball", "sphere": {"radius": 0.01}, "material": "m", "position": [0, 0, -0.005]},
             {"id": "floor", "wall": {"axis": "z", "position": 0}, "material": "m"}], "duration": 0.01}]])
lawcheck_hardening_test(Cli.Hardening.ACentreStartingOnAWallsSolidSideIsRefusedNamingTheBodyAndTheWall 2
  "invalid bodies\\[0\\]\\.position = .*body \"ball\" .*solid side of wall \"floor\"" run ${hard}/centre_below_wall.json)
# The same sphere under a wall whose free side is "-" (a ceiling) is a valid scene: it falls away.
file(WRITE ${hard}/under_a_ceiling.json [[{"materials": {"m": {"young": 1e7}}, "gravity": [0, 0, -9.81],
  "bodies": [{"id": "ball", "sphere": {"radius": 0.01}, "material": "m", "position": [0, 0, -0.0105]},
             {"id": "ceiling", "wall": {"axis": "z", "position": 0, "side": "-"}, "material": "m"}], "duration": 0.01}]])
add_test(NAME Cli.Hardening.ASphereUnderACeilingWithFreeSideMinusRuns
         COMMAND ${expect} 0 $<TARGET_FILE:lawcheck> run ${hard}/under_a_ceiling.json)
set_tests_properties(Cli.Hardening.ASphereUnderACeilingWithFreeSideMinusRuns PROPERTIES LABELS "reports;robustness;cli" TIMEOUT 20)
# Two spheres at 300 m/s head-on, 2 mm apart: they passed through each other at exit 0 (the
# swept test sees the centres come within 2.7 mm in step 1, although each moved 4.8 mm < r).
file(WRITE ${hard}/head_on_300.json [[{"materials": {"m": {"young": 1e7}},
  "bodies": [{"id": "a", "sphere": {"radius": 0.01}, "material": "m", "position": [-0.011, 0, 0], "velocity": [300, 0, 0]},
             {"id": "b", "sphere": {"radius": 0.01}, "material": "m", "position": [0.011, 0, 0], "velocity": [-300, 0, 0]}],
  "duration": 0.001}]])
lawcheck_hardening_test(Cli.Hardening.TwoSpheresPassingThroughEachOtherEndTheRunNamingBothTheStepAndTheTime 1
  "bodies \"a\" and \"b\" passed through each other in step [0-9]+ \\(t = " run ${hard}/head_on_300.json)
