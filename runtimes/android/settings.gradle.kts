// Read only when this directory is built on its own (`gradle runtimeTests` here); an app that
// includes the module by path uses its own settings, its own repositories and its own Kotlin
// Gradle plugin. The repositories are declared here, not in build.gradle.kts, so the module also
// builds inside projects that set `RepositoriesMode.FAIL_ON_PROJECT_REPOS`.
pluginManagement {
    repositories {
        gradlePluginPortal()
        mavenCentral()
    }
    plugins {
        kotlin("jvm") version "1.9.24"
    }
}

dependencyResolutionManagement {
    repositories {
        mavenCentral()
    }
}

rootProject.name = "gesturetune-runtime"
