#include "kinds/built_in_kinds.h"

#include "kinds/functions/functions_kind.h"

namespace orrery::kinds {

void registerBuiltInKinds()
{
    functions::registerFunctionsKind();
}

} // namespace orrery::kinds
