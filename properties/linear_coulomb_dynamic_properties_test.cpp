// Energy conservation of the linear Cundall law in the full solver (leapfrog + contact loop).
#include "dynamic_energy_properties.hpp"
#include "linear_coulomb_subject.hpp"
#include "property_runner.hpp"

using lawcheck::properties::LinearCoulombSubject;

LAWCHECK_PROPERTY(LinearCoulombLawProperty, FrontalElasticImpactEnergyBandIsSecondOrderInDt,
                  &lawcheck::properties::frontal_elastic_impact_energy_band_is_second_order_in_dt<LinearCoulombSubject>)
// Known solver defect (see properties/README.md): with spins the band is first order. Disabled
// here and run by properties/CMakeLists.txt as an expected failure, so that a fix shows up as
// an unexpected pass instead of the defect blocking every other test.
LAWCHECK_PROPERTY(LinearCoulombLawProperty, DISABLED_ObliqueSpinningElasticImpactEnergyBandIsSecondOrderInDt,
                  &lawcheck::properties::oblique_spinning_elastic_impact_energy_band_is_second_order_in_dt<LinearCoulombSubject>)
LAWCHECK_PROPERTY(LinearCoulombLawProperty, FrictionalImpactEnergyBandIsFirstOrderInDt,
                  &lawcheck::properties::frictional_impact_energy_band_is_first_order_in_dt<LinearCoulombSubject>)
