#pragma once
// A scene file (`lawcheck run SCENE.json`): any number of spheres and walls, several laws chosen
// per pair of materials, springs to fixed anchors, gravity, for the full solver over every
// registered law (Simulation<RegisteredLaws...>: the law of a contact is dispatched once, when it
// is created, never per contact). The format, with every key, unit, default and limit, is
// docs/formats.md; this header reads it. Every bad value is an InputError naming its JSON path
// ("bodies[3].sphere.radius", "materials.glass.young", "laws.soft.contactStiffness").
//
// Materials: a material is read by every law it meets -- the law of each pair (it, any material
// of the scene), `law` unless `pairLaws` names the pair -- so it carries the fields of each of
// those laws' material types (`lawcheck laws`), and a field none of them reads is an error. It is
// stored as a MaterialBundle (dynamics/material_bundle.hpp): one part per distinct material type,
// all read from the same object.
// Laws: the scene holds one law of each kind (registered law type); a second, different law object
// of a kind already used is an error naming its `name` (the solver holds one value per law type).

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "cli/input.hpp"
#include "cli/json_fields.hpp"
#include "cli/law_registry.hpp"
#include "dynamics/simulation.hpp"

namespace lawcheck::cli {

template <class Tuple> struct SimulationOver;
template <class... Laws>
struct SimulationOver<std::tuple<Laws...>> {
  using type = Simulation<Laws...>;
};
// The solver of every scene: one batch pair per registered law (an unused law's batches stay empty).
using SceneSimulation = typename SimulationOver<RegisteredLaws>::type;
using SceneMaterial = SceneSimulation::Materials::Bundle;
inline constexpr std::size_t scene_law_kinds = std::tuple_size_v<RegisteredLaws>;

// Limits (docs/formats.md): bodies and materials bound the memory and the pair tables, steps and
// body-steps the work (~0.3 us a body-step for a 500-sphere packing, Release), CSV values the output.
inline constexpr std::size_t max_scene_bodies = 100'000;
inline constexpr std::size_t max_scene_materials = 64;
inline constexpr std::size_t max_scene_springs = 100'000;
inline constexpr std::uint64_t max_scene_steps = 100'000'000;
inline constexpr double max_scene_body_steps = 1e9;
inline constexpr double max_scene_csv_values = 1e7;  // ~25 bytes each: at most ~250 MB
inline constexpr std::size_t max_scene_id_length = 64;

struct SceneBody {
  std::string id;
  Shape shape = Sphere{1.0};
  std::uint32_t material = 0;
  Vec3d position = Vec3d::Zero(), velocity = Vec3d::Zero(), spin = Vec3d::Zero();
  bool fixed = false;  // walls always; a fixed body moves with its given velocity, if any
};

// A linear spring from a body's centre to a fixed point (cli/anchor_springs.hpp).
struct AnchorSpring {
  std::uint32_t body = 0;
  Vec3d anchor = Vec3d::Zero();
  double stiffness = 0, rest_length = 0;
};

struct Scene {
  RegisteredLaws laws;                 // one value per kind; kinds the scene does not use keep defaults
  std::array<bool, scene_law_kinds> law_used{};
  std::vector<std::string> material_names;
  std::vector<SceneMaterial> materials;
  std::vector<std::size_t> pair_kind;  // n x n: the law kind of each pair of materials
  Vec3d gravity = Vec3d::Zero();
  std::vector<SceneBody> bodies;
  std::vector<AnchorSpring> springs;
  std::optional<double> dt;            // nullopt: "auto"
  std::optional<double> duration;
  std::optional<std::uint64_t> steps;
  std::uint64_t record_every = 1;

  std::size_t kind_of_pair(std::size_t a, std::size_t b) const { return pair_kind[a * materials.size() + b]; }
};

namespace scene_detail {

// Index of law type L in RegisteredLaws.
template <class L, std::size_t I = 0>
constexpr std::size_t kind_index() {
  if constexpr (std::is_same_v<std::tuple_element_t<I, RegisteredLaws>, L>)
    return I;
  else
    return kind_index<L, I + 1>();
}

// f(integral_constant<I>) for the law kind `kind`.
template <class F>
void with_kind(std::size_t kind, F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((kind == I ? (f(std::integral_constant<std::size_t, I>{}), true) : false) || ...);
  }(std::make_index_sequence<scene_law_kinds>{});
}

inline Vec3d vec3(const json& j, const std::string& p) {
  if (!j.is_array() || j.size() != 3) throw InputError(p, j.dump(), "must be an array of three numbers");
  Vec3d v;
  for (std::size_t d = 0; d < 3; ++d) v[static_cast<int>(d)] = number(j[d], fmt::format("{}[{}]", p, d));
  return v;
}

// A law's own checks name "law.<key>"; in a scene the law sits at `path` ("laws.soft").
template <class F>
void under_path(const std::string& path, F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    const std::string& field = e.field();
    if (path == "law" || field.rfind("law.", 0) != 0) throw;
    const std::string what = e.what();
    const std::string head = fmt::format("invalid {} = ", field);
    const std::string rest = what.rfind(head, 0) == 0 ? what.substr(head.size()) : what;
    const auto colon = rest.find(": ");
    throw InputError(path + field.substr(3), rest.substr(0, colon),
                     colon == std::string::npos ? std::string() : rest.substr(colon + 2));
  }
}

// A law object at `path`: its kind, parsed into scene.laws. A kind already used by a different
// law object is an error.
inline std::size_t parse_scene_law(Scene& s, std::map<std::size_t, json>& seen, const json& j,
                                   const std::string& path) {
  if (!j.is_object()) throw InputError(path, j.dump(), "must be a law object {\"name\": ..., parameters}");
  const std::string name = j.contains("name") ? text(j["name"], path + ".name") : std::string(default_law_name);
  std::size_t kind = 0;
  with_registered_law(name, path + ".name", [&](auto law) {
    using L = decltype(law);
    kind = kind_index<L>();
    json named = j;
    named["name"] = name;  // {} and {"name": "linear"} are the same law
    if (const auto it = seen.find(kind); it != seen.end()) {
      if (it->second != named)
        throw InputError(path + ".name", name,
                         "a scene holds one law of each kind, and another object already sets this one's parameters");
      return;
    }
    under_path(path, [&] {
      L parsed = LawSpec<L>::parse(j, path);
      parsed.validate();
      std::get<L>(s.laws) = parsed;
    });
    seen[kind] = named;
  });
  s.law_used[kind] = true;
  return kind;
}

// The keys material type M reads (MaterialSpec<M>::fields).
template <class M>
std::set<std::string> material_keys() {
  std::set<std::string> keys;
  for (const ParameterDoc& d : MaterialSpec<M>::fields()) keys.insert(d.key);
  return keys;
}

// Material `name` read by the law kinds `kinds`: one part per distinct material type.
inline SceneMaterial parse_scene_material(const json& j, const std::string& p, const std::set<std::size_t>& kinds) {
  if (!j.is_object()) throw InputError(p, j.dump(), "must be a material object (`lawcheck laws` lists the fields)");
  std::set<std::string> allowed;
  std::string law_names;
  for (std::size_t kind : kinds)
    with_kind(kind, [&](auto I) {
      using L = std::tuple_element_t<I, RegisteredLaws>;
      for (const std::string& k : material_keys<typename L::Material>()) allowed.insert(k);
      law_names += (law_names.empty() ? "" : ", ") + std::string(L::name);
    });
  for (const auto& [key, value] : j.items())
    if (!allowed.contains(key)) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      throw InputError(p + "." + key, value.dump(),
                       fmt::format("no law this material meets reads it (laws: {}; fields they read: {})", law_names, list));
    }
  SceneMaterial bundle;
  std::set<std::string_view> types;
  for (std::size_t kind : kinds)
    with_kind(kind, [&](auto I) {
      using M = typename std::tuple_element_t<I, RegisteredLaws>::Material;
      if (!types.insert(M::type_name).second) return;
      const std::set<std::string> keys = material_keys<M>();
      json own = json::object();
      for (const auto& [key, value] : j.items())
        if (keys.contains(key)) own[key] = value;
      M m = MaterialSpec<M>::parse(own, p);
      m.validate(p);
      bundle.add(m);
    });
  bundle.validate(p);
  return bundle;
}

inline std::string body_id(const json& j, const std::string& p) {
  const std::string id = text(j, p);
  if (id.empty() || id.size() > max_scene_id_length ||
      id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != std::string::npos)
    throw InputError(p, j.dump(),
                     fmt::format("an id is 1 to {} letters, digits, '_' or '-' (it names CSV columns)",
                                 max_scene_id_length));
  return id;
}

inline SceneBody parse_body(const json& j, const std::string& p, const std::map<std::string, std::uint32_t>& materials) {
  only_keys(j, p, {"id", "sphere", "wall", "material", "position", "velocity", "spin", "fixed"});
  SceneBody b;
  if (!j.contains("id")) throw InputError(p + ".id", "(missing)", "every body needs an id");
  b.id = body_id(j["id"], p + ".id");
  if (j.contains("sphere") == j.contains("wall"))
    throw InputError(p, j.dump(), "a body is exactly one of {\"sphere\": {...}} or {\"wall\": {...}}");
  if (!j.contains("material")) throw InputError(p + ".material", "(missing)", "every body needs a material");
  const std::string mat = text(j["material"], p + ".material");
  const auto it = materials.find(mat);
  if (it == materials.end()) throw InputError(p + ".material", mat, "no such material in \"materials\"");
  b.material = it->second;
  if (j.contains("fixed")) b.fixed = boolean(j["fixed"], p + ".fixed");
  if (j.contains("velocity")) b.velocity = vec3(j["velocity"], p + ".velocity");
  if (j.contains("spin")) b.spin = vec3(j["spin"], p + ".spin");
  if (j.contains("sphere")) {
    const json& s = j["sphere"];
    only_keys(s, p + ".sphere", {"radius"});
    if (!s.contains("radius")) throw InputError(p + ".sphere.radius", "(missing)", "a sphere needs its radius");
    const double r = number(s["radius"], p + ".sphere.radius");
    require_positive(p + ".sphere.radius", r);
    b.shape = Sphere{r};
    if (!j.contains("position")) throw InputError(p + ".position", "(missing)", "a sphere needs its position");
    b.position = vec3(j["position"], p + ".position");
  } else {
    const json& w = j["wall"];
    only_keys(w, p + ".wall", {"axis", "position", "side"});
    if (!w.contains("axis")) throw InputError(p + ".wall.axis", "(missing)", "a wall needs its axis (x, y or z)");
    const std::string axis = text(w["axis"], p + ".wall.axis");
    if (axis != "x" && axis != "y" && axis != "z")
      throw InputError(p + ".wall.axis", w["axis"].dump(), "must be \"x\", \"y\" or \"z\"");
    const int a = axis[0] - 'x';
    if (!w.contains("position")) throw InputError(p + ".wall.position", "(missing)", "a wall needs its position");
    b.position[a] = number(w["position"], p + ".wall.position");
    // A wall is a half-space, as DEM codes model it: "side" names its free side, where the
    // bodies are ("+": coordinates above the plane, a floor; "-": below it, a ceiling). Solid on
    // the other side, so a centre pushed onto the plane is pushed back, never through it.
    int side = 1;
    if (w.contains("side")) {
      const std::string sd = text(w["side"], p + ".wall.side");
      if (sd != "+" && sd != "-")
        throw InputError(p + ".wall.side", w["side"].dump(), "must be \"+\" or \"-\" (the free side of the plane)");
      side = sd == "+" ? 1 : -1;
    }
    b.shape = Wall{a, side};
    if (j.contains("position"))
      throw InputError(p + ".position", j["position"].dump(), "a wall's place is wall.position");
    if (j.contains("spin")) throw InputError(p + ".spin", j["spin"].dump(), "a wall does not spin");
    if (j.contains("fixed") && !b.fixed) throw InputError(p + ".fixed", "false", "walls are always fixed");
    b.fixed = true;
  }
  return b;
}

// Where the bodies start (docs/formats.md, "Bodies"): every sphere's centre on the free side of
// every wall, and no overlap deeper than max_initial_overlap of the smaller radius, with a wall or
// another sphere. A deeper start is not a state any law was written for: the law releases the
// energy of an overlap it would never reach from a resolved approach (two spheres 90 % overlapped
// left at 93 m/s), and a centre beyond a wall is on the solid side of a half-space.
// Spheres against spheres: sweep and prune along x (sorted by x - r), so a packing costs about
// N log N plus its near pairs, not N^2.
inline constexpr double max_initial_overlap = 0.1;

inline void check_initial_placement(const Scene& s) {
  std::vector<std::size_t> spheres, walls;
  for (std::size_t k = 0; k < s.bodies.size(); ++k)
    (std::holds_alternative<Sphere>(s.bodies[k].shape) ? spheres : walls).push_back(k);
  auto radius = [&](std::size_t k) { return std::get<Sphere>(s.bodies[k].shape).radius; };
  auto where = [&](std::size_t k) {
    const Vec3d& x = s.bodies[k].position;
    return fmt::format("[{:.6g}, {:.6g}, {:.6g}]", x.x(), x.y(), x.z());
  };
  for (std::size_t w : walls) {
    const Wall& wall = std::get<Wall>(s.bodies[w].shape);
    const char axis = static_cast<char>('x' + wall.axis);
    const double plane = s.bodies[w].position[wall.axis];
    for (std::size_t k : spheres) {
      const double h = wall.sense * (s.bodies[k].position[wall.axis] - plane), r = radius(k);
      if (!(h > 0))
        throw InputError(fmt::format("bodies[{}].position", k), where(k),
                         fmt::format("body \"{}\" starts with its centre on the solid side of wall \"{}\" "
                                     "(bodies[{}], free side \"{}\": {} {} {:.6g}); give the wall \"side\": \"{}\" "
                                     "or move the body",
                                     s.bodies[k].id, s.bodies[w].id, w, wall.sense > 0 ? "+" : "-", axis,
                                     wall.sense > 0 ? ">" : "<", plane, wall.sense > 0 ? "-" : "+"));
      if (r - h > max_initial_overlap * r)
        throw InputError(fmt::format("bodies[{}].position", k), where(k),
                         fmt::format("body \"{}\" starts overlapping wall \"{}\" by {:.3g} of its radius, above "
                                     "the limit {:g} (docs/formats.md)",
                                     s.bodies[k].id, s.bodies[w].id, (r - h) / r, max_initial_overlap));
    }
  }
  std::sort(spheres.begin(), spheres.end(), [&](std::size_t a, std::size_t b) {
    return s.bodies[a].position.x() - radius(a) < s.bodies[b].position.x() - radius(b);
  });
  for (std::size_t u = 0; u < spheres.size(); ++u) {
    const std::size_t a = spheres[u];
    const double ra = radius(a), right = s.bodies[a].position.x() + ra;
    for (std::size_t v = u + 1; v < spheres.size(); ++v) {
      const std::size_t b = spheres[v];
      const double rb = radius(b);
      if (s.bodies[b].position.x() - rb > right) break;
      const double d = (s.bodies[b].position - s.bodies[a].position).norm(), overlap = ra + rb - d;
      if (overlap > max_initial_overlap * std::min(ra, rb)) {
        const std::size_t later = std::max(a, b), other = std::min(a, b);
        throw InputError(fmt::format("bodies[{}].position", later), where(later),
                         fmt::format("bodies \"{}\" and \"{}\" start overlapping by {:.3g} of the smaller radius, "
                                     "above the limit {:g} (docs/formats.md)",
                                     s.bodies[other].id, s.bodies[later].id, overlap / std::min(ra, rb),
                                     max_initial_overlap));
      }
    }
  }
}

}  // namespace scene_detail

// The scene of `j` (the whole file), every value checked; derived quantities (masses, energies,
// dt) and where the bodies start (check_initial_placement, after the masses) are checked where
// the run is set up (cli/scene_time_step.hpp, run_command.cpp).
inline Scene parse_scene_file(const json& j) {
  using namespace scene_detail;
  if (!j.is_object()) throw InputError("scene", j.dump(), "must be a JSON object");
  only_keys(j, "", {"law", "laws", "materials", "pairLaws", "gravity", "bodies", "springs", "dt", "duration", "steps",
                    "record"});
  Scene s;
  std::map<std::size_t, json> seen;
  const std::size_t default_kind = parse_scene_law(s, seen, j.contains("law") ? j["law"] : json::object(), "law");
  std::map<std::string, std::size_t> named_laws;
  if (j.contains("laws")) {
    const json& l = j["laws"];
    if (!l.is_object()) throw InputError("laws", l.dump(), "must be an object {\"name\": law object, ...}");
    for (const auto& [name, law] : l.items()) named_laws[name] = parse_scene_law(s, seen, law, "laws." + name);
  }

  if (!j.contains("materials")) throw InputError("materials", "(missing)", "a scene needs its materials");
  const json& mats = j["materials"];
  if (!mats.is_object() || mats.empty() || mats.size() > max_scene_materials)
    throw InputError("materials", mats.dump(),
                     fmt::format("must be an object of 1 to {} named materials", max_scene_materials));
  std::map<std::string, std::uint32_t> material_index;
  for (const auto& [name, m] : mats.items()) {
    material_index[name] = static_cast<std::uint32_t>(s.material_names.size());
    s.material_names.push_back(name);
  }
  const std::size_t n = s.material_names.size();
  s.pair_kind.assign(n * n, default_kind);
  if (j.contains("pairLaws")) {
    const json& pl = j["pairLaws"];
    if (!pl.is_array()) throw InputError("pairLaws", pl.dump(), "must be an array of {\"materials\": [a, b], \"law\": name}");
    std::set<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t k = 0; k < pl.size(); ++k) {
      const std::string p = fmt::format("pairLaws[{}]", k);
      only_keys(pl[k], p, {"materials", "law"});
      if (!pl[k].contains("materials") || !pl[k].contains("law"))
        throw InputError(p, pl[k].dump(), "needs \"materials\": [a, b] and \"law\": a name from \"laws\"");
      const json& pm = pl[k]["materials"];
      if (!pm.is_array() || pm.size() != 2) throw InputError(p + ".materials", pm.dump(), "must be [a, b]");
      std::size_t ab[2];
      for (std::size_t e = 0; e < 2; ++e) {
        const std::string f = fmt::format("{}.materials[{}]", p, e);
        const std::string name = text(pm[e], f);
        const auto it = material_index.find(name);
        if (it == material_index.end()) throw InputError(f, name, "no such material in \"materials\"");
        ab[e] = it->second;
      }
      if (!pairs.insert(std::minmax(ab[0], ab[1])).second)
        throw InputError(p + ".materials", pm.dump(), "this pair of materials already has its law");
      const std::string law = text(pl[k]["law"], p + ".law");
      const auto it = named_laws.find(law);
      if (it == named_laws.end()) throw InputError(p + ".law", law, "no such law in \"laws\"");
      s.pair_kind[ab[0] * n + ab[1]] = s.pair_kind[ab[1] * n + ab[0]] = it->second;
    }
  }
  for (std::size_t a = 0; a < n; ++a) {
    std::set<std::size_t> kinds;
    for (std::size_t b = 0; b < n; ++b) kinds.insert(s.pair_kind[a * n + b]);
    const std::string& name = s.material_names[a];
    s.materials.push_back(parse_scene_material(mats[name], "materials." + name, kinds));
  }

  if (j.contains("gravity")) s.gravity = vec3(j["gravity"], "gravity");

  if (!j.contains("bodies")) throw InputError("bodies", "(missing)", "a scene needs its bodies");
  const json& bodies = j["bodies"];
  if (!bodies.is_array() || bodies.empty() || bodies.size() > max_scene_bodies)
    throw InputError("bodies", bodies.dump(), fmt::format("must be an array of 1 to {} bodies", max_scene_bodies));
  std::map<std::string, std::uint32_t> body_index;
  std::map<std::tuple<double, double, double>, std::size_t> centres;  // spheres'
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const std::string p = fmt::format("bodies[{}]", k);
    SceneBody b = parse_body(bodies[k], p, material_index);
    if (!body_index.emplace(b.id, static_cast<std::uint32_t>(k)).second)
      throw InputError(p + ".id", b.id, "another body has this id");
    if (std::holds_alternative<Sphere>(b.shape))
      if (const auto [it, fresh] = centres.emplace(std::tuple(b.position.x(), b.position.y(), b.position.z()), k); !fresh)
        throw InputError(p + ".position", bodies[k]["position"].dump(),
                         fmt::format("bodies[{}] has the same centre: their contact would have no normal", it->second));
    s.bodies.push_back(std::move(b));
  }
  if (std::none_of(s.bodies.begin(), s.bodies.end(), [](const SceneBody& b) { return !b.fixed; }))
    throw InputError("bodies", "(all fixed)", "nothing moves: at least one body must not be fixed");

  if (j.contains("springs")) {
    const json& sp = j["springs"];
    if (!sp.is_array() || sp.size() > max_scene_springs)
      throw InputError("springs", sp.dump(), fmt::format("must be an array of at most {} springs", max_scene_springs));
    for (std::size_t k = 0; k < sp.size(); ++k) {
      const std::string p = fmt::format("springs[{}]", k);
      only_keys(sp[k], p, {"body", "anchor", "stiffness", "restLength"});
      for (const char* key : {"body", "anchor", "stiffness"})
        if (!sp[k].contains(key)) throw InputError(p + "." + key, "(missing)", "a spring needs body, anchor and stiffness");
      AnchorSpring spring;
      const std::string id = text(sp[k]["body"], p + ".body");
      const auto it = body_index.find(id);
      if (it == body_index.end()) throw InputError(p + ".body", id, "no body has this id");
      if (s.bodies[it->second].fixed) throw InputError(p + ".body", id, "a spring on a fixed body does nothing");
      spring.body = it->second;
      spring.anchor = vec3(sp[k]["anchor"], p + ".anchor");
      spring.stiffness = number(sp[k]["stiffness"], p + ".stiffness");
      require_positive(p + ".stiffness", spring.stiffness);
      if (sp[k].contains("restLength")) {
        spring.rest_length = number(sp[k]["restLength"], p + ".restLength");
        require_non_negative(p + ".restLength", spring.rest_length);
      }
      s.springs.push_back(spring);
    }
  }

  if (j.contains("dt") && !(j["dt"].is_string() && j["dt"].get<std::string>() == "auto")) {
    if (!j["dt"].is_number()) throw InputError("dt", j["dt"].dump(), "must be a number [s] or \"auto\"");
    s.dt = number(j["dt"], "dt");
    require_positive("dt", *s.dt);
  }
  if (j.contains("duration") == j.contains("steps"))
    throw InputError("duration", j.contains("duration") ? j["duration"].dump() : "(missing)",
                     "give exactly one of duration [s] and steps");
  if (j.contains("duration")) {
    s.duration = number(j["duration"], "duration");
    require_positive("duration", *s.duration);
  } else {
    const json& st = j["steps"];
    if (!st.is_number_integer() || st.get<long long>() < 1 || st.get<std::uint64_t>() > max_scene_steps)
      throw InputError("steps", st.dump(), fmt::format("must be an integer in [1, {}]", max_scene_steps));
    s.steps = st.get<std::uint64_t>();
  }
  if (j.contains("record")) {
    const json& r = j["record"];
    only_keys(r, "record", {"every"});
    if (r.contains("every")) {
      const json& e = r["every"];
      if (!e.is_number_integer() || e.get<long long>() < 1 || e.get<std::uint64_t>() > max_scene_steps)
        throw InputError("record.every", e.dump(), fmt::format("must be an integer in [1, {}]", max_scene_steps));
      s.record_every = e.get<std::uint64_t>();
    }
  }
  return s;
}

}  // namespace lawcheck::cli
